// The demo saves sandbox cards for some neighbours (server/db/seed/savedCards.ts: vecino063 and the recurring-charge
// walk's vecino074…084), so the daily automatic-charge run acts on them whenever a test's clock passes 15:00 UTC.
// A server test about one member's card, or about something else that runs every due job, takes them out first.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

export async function withoutDemoSavedCards(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  await db.updateTable('recurring_charges').set({ saved_card_id: null }).where('saved_card_id', 'is not', null).execute();
  await db.updateTable('saved_cards').set({ removed_at: now }).where('removed_at', 'is', null).execute();
}
