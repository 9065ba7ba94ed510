// Every migration, in order. Imported statically (not read from disk) so the list is the same under
// tsx, in tests and in any bundle. Never edit a migration that has shipped: add the next one.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as account from './0002_account';
import * as plans from './0003_plans';
import * as publicContact from './0004_public_contact';
import * as guestsAndPasses from './0005_guests_and_passes';
import * as ledger from './0006_ledger';
import * as recurringCharges from './0007_recurring_charges';
import * as communication from './0008_communication';
import * as mailRetry from './0009_mail_retry';
import * as sessionDetails from './0010_session_details';
import * as tickets from './0011_tickets';
import * as conversations from './0012_conversations';
import * as polls from './0013_polls';
import * as reservations from './0014_reservations';
import * as administration from './0015_administration';
import * as invoicing from './0016_invoicing';
import * as stampCredits from './0017_stamp_credits';
import * as expiryIndexes from './0018_expiry_indexes';
import * as gate from './0019_gate';
import * as gateWalkIns from './0020_gate_walkins';
import * as gateSettings from './0021_gate_settings';
import * as receipts from './0022_receipts';
import * as lateFees from './0023_late_fees';
import * as checkout from './0024_checkout';
import * as paymentProofs from './0025_payment_proofs';
import * as reconciliation from './0026_reconciliation';
import * as reminders from './0027_reminders';
import * as providerKeys from './0028_provider_keys';
import * as expenseRules from './0029_expense_rules';
import * as savedCards from './0030_saved_cards';
import * as notificationWords from './0031_notification_words';
import * as subscriptions from './0032_subscriptions';
import * as liveEvents from './0033_live_events';
import * as noticeReads from './0035_notice_reads';
import * as pushSubscriptions from './0036_push_subscriptions';
import * as support from './0037_support';
import * as readIndexes from './0038_read_indexes';
import * as rounds from './0039_rounds';
import * as incidents from './0040_incidents';
import * as assemblies from './0041_assemblies';
import * as documents from './0042_documents';
import * as assemblyVotes from './0043_assembly_votes';
import * as pushSession from './0044_push_session';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_account': account,
  '0003_plans': plans,
  '0004_public_contact': publicContact,
  '0005_guests_and_passes': guestsAndPasses,
  '0006_ledger': ledger,
  '0007_recurring_charges': recurringCharges,
  '0008_communication': communication,
  '0009_mail_retry': mailRetry,
  '0010_session_details': sessionDetails,
  '0011_tickets': tickets,
  '0012_conversations': conversations,
  '0013_polls': polls,
  '0014_reservations': reservations,
  '0015_administration': administration,
  '0016_invoicing': invoicing,
  '0017_stamp_credits': stampCredits,
  '0018_expiry_indexes': expiryIndexes,
  '0019_gate': gate,
  '0020_gate_walkins': gateWalkIns,
  '0021_gate_settings': gateSettings,
  '0022_receipts': receipts,
  '0023_late_fees': lateFees,
  '0024_checkout': checkout,
  '0025_payment_proofs': paymentProofs,
  '0026_reconciliation': reconciliation,
  '0027_reminders': reminders,
  '0028_provider_keys': providerKeys,
  '0029_expense_rules': expenseRules,
  '0030_saved_cards': savedCards,
  '0031_notification_words': notificationWords,
  '0032_subscriptions': subscriptions,
  '0033_live_events': liveEvents,
  '0035_notice_reads': noticeReads,
  '0036_push_subscriptions': pushSubscriptions,
  '0037_support': support,
  '0038_read_indexes': readIndexes,
  '0039_rounds': rounds,
  '0040_incidents': incidents,
  '0041_assemblies': assemblies,
  '0042_documents': documents,
  '0043_assembly_votes': assemblyVotes,
  '0044_push_session': pushSession,
};
