// The demo's example statement (conciliación, issue 27): the BBVA statement of last month that
// seed/reconciliationDemo.ts builds from the database at hand, offered for download to whoever may import in the
// demo's Residencial Las Palmas, so the demo's administrator has a file to import. Every other condominium has
// none (404, and the imports list says so: the screen shows no link).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { demoBankStatement, demoStatementSource } from '../../db/seed/reconciliationDemo';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';

/** Whether the condominium is the demo's Las Palmas with its BBVA account. */
export async function hasExampleStatement(db: Kysely<Database>, condoId: number): Promise<boolean> {
  return (await demoStatementSource(db))?.condoId === condoId;
}

/** The example statement's file, or 404 in any other condominium. */
export async function exampleStatement(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<{ name: string; csv: string }> {
  const statement = (await hasExampleStatement(db, auth.condoId)) ? await demoBankStatement(db, clock) : null;
  if (!statement) throw new AppError(404, ErrorCodes.notFound, 'reconciliation.error.noExample');
  return { name: `bbva-las-palmas-${statement.from.slice(0, 7)}.csv`, csv: statement.csv };
}
