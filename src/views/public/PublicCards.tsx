// The public page's interactive cards, in their own chunk: the sign-in card (loginMachine, the sign-in
// form and its dialogs) and the ACCESO / ADMIN cards (publicContactMachine, the form dialogs). The page
// starts loading this chunk together with the condominium's data and shows both at once (PublicPage.tsx),
// so the page's first load stays within the visitor budget and nothing moves when the cards arrive.
import type { ComponentProps } from 'react';
import { EnsureSession } from '../common/SessionContext';
import { PublicLoginCard as LoginCard } from './PublicLoginCard';

export { ContactCard } from './ContactDialogs';

/** The sign-in card with a session: the page has one only when a session was saved (src/views/app/routes.tsx). */
export function PublicLoginCard(props: ComponentProps<typeof LoginCard>) {
  return (
    <EnsureSession>
      <LoginCard {...props} />
    </EnsureSession>
  );
}
