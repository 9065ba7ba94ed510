// Browser side of late fees (recargos, src/api/lateFees.ts, issue 27): the settings (rule, exemptions, dwellings),
// saving the rule, exemptions, the fees applied (paged, filtered), waiving one and applying this period's now. Each
// answer is checked against the contract; refusals throw ApiError with the server's words.
import {
  LATE_FEE_PATHS,
  type LateFee,
  LateFeeAnswer,
  LateFeeApplyAnswer,
  type LateFeeExemption,
  LateFeeExemptionAnswer,
  type LateFeeExemptionDraft,
  LateFeeListAnswer,
  type LateFeeRule,
  LateFeeRuleAnswer,
  LateFeeSettingsAnswer,
  lateFeePath,
} from '../api/lateFees';
import { OkAnswer } from '../api/sessions';
import { apiPath, call, http } from './http';

export type LateFeeSettings = Omit<LateFeeSettingsAnswer, 'success'>;

export async function loadLateFeeSettings(signal?: AbortSignal): Promise<LateFeeSettings> {
  const { rule, exemptions, dwellings, period } = await call(
    () => http.get(apiPath(LATE_FEE_PATHS.rule), { signal }),
    LateFeeSettingsAnswer,
  );
  return { rule, exemptions, dwellings, period };
}

export async function saveLateFeeRule(rule: LateFeeRule, signal?: AbortSignal): Promise<LateFeeRule> {
  return (await call(() => http.post(apiPath(LATE_FEE_PATHS.rule), { json: rule, signal }), LateFeeRuleAnswer)).rule;
}

export async function addLateFeeExemption(draft: LateFeeExemptionDraft, signal?: AbortSignal): Promise<LateFeeExemption> {
  return (await call(() => http.post(apiPath(LATE_FEE_PATHS.exemptions), { json: draft, signal }), LateFeeExemptionAnswer))
    .exemption;
}

export async function removeLateFeeExemption(id: number, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(lateFeePath(LATE_FEE_PATHS.removeExemption, id)), { signal }), OkAnswer);
}

export async function applyLateFeesNow(signal?: AbortSignal): Promise<{ period: string; applied: number }> {
  const { period, applied } = await call(() => http.post(apiPath(LATE_FEE_PATHS.apply), { signal }), LateFeeApplyAnswer);
  return { period, applied };
}

/** The list's filters: '' for any. */
export interface LateFeeFilters {
  periodo: string;
  vivienda: number | null;
}

export async function listLateFees(
  query: LateFeeFilters & { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<{ items: LateFee[]; total: number }> {
  const searchParams: Record<string, string> = { limit: String(query.limit), offset: String(query.offset) };
  if (query.periodo) searchParams.periodo = query.periodo;
  if (query.vivienda !== null) searchParams.vivienda = String(query.vivienda);
  const { items, total } = await call(() => http.get(apiPath(LATE_FEE_PATHS.list), { searchParams, signal }), LateFeeListAnswer);
  return { items, total };
}

export async function waiveLateFee(id: number, reason: string, signal?: AbortSignal): Promise<LateFee> {
  return (
    await call(() => http.post(apiPath(lateFeePath(LATE_FEE_PATHS.waive, id)), { json: { reason }, signal }), LateFeeAnswer)
  ).fee;
}
