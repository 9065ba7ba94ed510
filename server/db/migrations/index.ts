// Every migration, in order. Imported statically (not read from disk) so the list is the same under
// tsx, in tests and in any bundle. Never edit a migration that has shipped: add the next one.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as account from './0002_account';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_account': account,
};
