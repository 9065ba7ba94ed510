// The public page's interactive cards, in their own chunk: the sign-in card (loginMachine, the sign-in
// form and its dialogs) and the ACCESO / ADMIN cards (publicContactMachine, the form dialogs). The page
// starts loading this chunk together with the condominium's data and shows both at once (PublicPage.tsx),
// so the page's first load stays within the visitor budget and nothing moves when the cards arrive.
export { ContactCard } from './ContactDialogs';
export { PublicLoginCard } from './PublicLoginCard';
