// The condominium's assembly settings (src/api/assemblies.ts AssemblySettings): whether the board may call
// assemblies (default off), the state's rule set of quorum defaults, the legal text the call prints. One row per
// condominium, written when first saved; none reads as the defaults. Who manages assemblies is decided here for the
// board (permissions.canManageAssemblies with the setting: 403 otherwise).
import type { Kysely } from 'kysely';
import type { AssemblySettings } from '../../../src/api/assemblies';
import type { QuorumRuleSet } from '../../../src/api/assemblyQuorum';
import type { DocumentAudience } from '../../../src/api/documents';
import { canManageAssemblies } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { type AccessData, loadAccess } from '../shared/sessionData';

export async function readSettings(db: Kysely<Database>, condoId: number): Promise<AssemblySettings> {
  const row = await db.selectFrom('assembly_settings').selectAll().where('condo_id', '=', condoId).executeTakeFirst();
  return {
    boardMayCall: row?.board_may_call === 1,
    ruleSet: (row?.rule_set ?? 'cdmx') as QuorumRuleSet,
    legalText: row?.legal_text ?? '',
    proxyLimit: row?.proxy_limit ?? 3,
    arrearsDays: row?.arrears_days ?? 0,
    tenantsVote: row?.tenants_vote === 1,
    minutesAudience: (row?.minutes_audience ?? 'owners') as DocumentAudience,
  };
}

export async function saveSettings(db: Kysely<Database>, clock: Clock, auth: Auth, settings: AssemblySettings) {
  const at = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, auth.condoId);
    const values = {
      board_may_call: settings.boardMayCall ? (1 as const) : (0 as const),
      rule_set: settings.ruleSet,
      legal_text: settings.legalText.trim(),
      proxy_limit: settings.proxyLimit,
      arrears_days: settings.arrearsDays,
      tenants_vote: settings.tenantsVote ? (1 as const) : (0 as const),
      minutes_audience: settings.minutesAudience,
      updated_at: at,
    };
    await trx
      .insertInto('assembly_settings')
      .values({ condo_id: auth.condoId, ...values })
      .onConflict((oc) => oc.column('condo_id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly_settings',
      entityId: auth.condoId,
      action: 'update',
      before: { enabled: before.boardMayCall, kind: before.ruleSet },
      after: { enabled: settings.boardMayCall, kind: settings.ruleSet },
      at,
    });
  });
  return readSettings(db, auth.condoId);
}

/** Whether the caller manages assemblies (the board only where the settings allow it). */
export async function managesAssemblies(db: Kysely<Database>, auth: Auth, access?: AccessData): Promise<boolean> {
  const data = access ?? (await loadAccess(db, auth));
  return canManageAssemblies(data, (await readSettings(db, auth.condoId)).boardMayCall);
}

/** 403 unless the caller manages assemblies. */
export async function requireManager(db: Kysely<Database>, auth: Auth): Promise<void> {
  if (!(await managesAssemblies(db, auth))) throw forbidden();
}
