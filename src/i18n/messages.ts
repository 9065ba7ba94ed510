// A message of the catalogues by id, with its ICU values: what the server's refusals, PDFs and mails carry
// until the language of their reader is known. The ids are the Spanish catalogue's keys (the source
// language), so an id that does not exist fails the typecheck. Types only: nothing here reaches a bundle.
type Keys<T> = Extract<keyof T, string>;

export type MessageId =
  | Keys<typeof import('./es/account.json')>
  | Keys<typeof import('./es/app.json')>
  | Keys<typeof import('./es/assemblies.json')>
  | Keys<typeof import('./es/assemblyVotes.json')>
  | Keys<typeof import('./es/assemblyMinutes.json')>
  | Keys<typeof import('./es/blogs.json')>
  | Keys<typeof import('./es/calendar.json')>
  | Keys<typeof import('./es/calendarNotices.json')>
  | Keys<typeof import('./es/charges.json')>
  | Keys<typeof import('./es/checkout.json')>
  | Keys<typeof import('./es/checkoutNotices.json')>
  | Keys<typeof import('./es/communication.json')>
  | Keys<typeof import('./es/condoSettings.json')>
  | Keys<typeof import('./es/configuration.json')>
  | Keys<typeof import('./es/conversations.json')>
  | Keys<typeof import('./es/conversationsNotices.json')>
  | Keys<typeof import('./es/directory.json')>
  | Keys<typeof import('./es/documents.json')>
  | Keys<typeof import('./es/dwellings.json')>
  | Keys<typeof import('./es/errors.json')>
  | Keys<typeof import('./es/finance.json')>
  | Keys<typeof import('./es/gate.json')>
  | Keys<typeof import('./es/gateDevices.json')>
  | Keys<typeof import('./es/gateErrors.json')>
  | Keys<typeof import('./es/gateWalkIns.json')>
  | Keys<typeof import('./es/globalSearch.json')>
  | Keys<typeof import('./es/guest.json')>
  | Keys<typeof import('./es/history.json')>
  | Keys<typeof import('./es/incidents.json')>
  | Keys<typeof import('./es/invoicing.json')>
  | Keys<typeof import('./es/invoicingScreens.json')>
  | Keys<typeof import('./es/invitations.json')>
  | Keys<typeof import('./es/invitationsNotices.json')>
  | Keys<typeof import('./es/invites.json')>
  | Keys<typeof import('./es/invoicingErrors.json')>
  | Keys<typeof import('./es/lateFees.json')>
  | Keys<typeof import('./es/lateFeesErrors.json')>
  | Keys<typeof import('./es/library.json')>
  | Keys<typeof import('./es/management.json')>
  | Keys<typeof import('./es/memberPermissions.json')>
  | Keys<typeof import('./es/notifications.json')>
  | Keys<typeof import('./es/parcels.json')>
  | Keys<typeof import('./es/parcelsNotices.json')>
  | Keys<typeof import('./es/pass.json')>
  | Keys<typeof import('./es/polls.json')>
  | Keys<typeof import('./es/pollsActa.json')>
  | Keys<typeof import('./es/pollsNotices.json')>
  | Keys<typeof import('./es/reservationsNotices.json')>
  | Keys<typeof import('./es/posts.json')>
  | Keys<typeof import('./es/postsNotices.json')>
  | Keys<typeof import('./es/pricing.json')>
  | Keys<typeof import('./es/privacy.json')>
  | Keys<typeof import('./es/profile.json')>
  | Keys<typeof import('./es/proofs.json')>
  | Keys<typeof import('./es/push.json')>
  | Keys<typeof import('./es/reservations.json')>
  | Keys<typeof import('./es/rounds.json')>
  | Keys<typeof import('./es/public.json')>
  | Keys<typeof import('./es/receipts.json')>
  | Keys<typeof import('./es/reconciliation.json')>
  | Keys<typeof import('./es/reminders.json')>
  | Keys<typeof import('./es/sessions.json')>
  | Keys<typeof import('./es/shell.json')>
  | Keys<typeof import('./es/staff.json')>
  | Keys<typeof import('./es/support.json')>
  | Keys<typeof import('./es/tickets.json')>
  | Keys<typeof import('./es/ticketsNotices.json')>
  | Keys<typeof import('./es/timeline.json')>;

/** A value of an ICU argument; a message is formatted in the same language first (a field's label). */
export type MessageValue = string | number | Message;

export interface Message {
  id: MessageId;
  values?: Readonly<Record<string, MessageValue>>;
}
