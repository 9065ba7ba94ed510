// The public page's interactive cards, in their own chunk: the sign-in card and the ACCESO / ADMIN cards. The page
// starts loading this chunk together with the condominium's data and shows both at once (PublicPage.tsx), so nothing
// moves when the cards arrive. The chunk holds only what the cards show; what they do (xstate, loginMachine and the
// session, publicContactMachine, the dialogs) loads when the visitor starts using one (onDemand.ts), so the page
// with its cards stays within the visitor budget (issue 29).
export { ContactCard } from './ContactCard';
export { PublicLoginCard } from './PublicLoginCard';
