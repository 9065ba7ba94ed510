// The quorum of an assembly (issue 32): each call (convocatoria, up to three) asks for a share of the indiviso
// present, and the rule sets per state give the defaults an administrator starts from and may edit per assembly.
// Mexico City's law (Ley de Propiedad en Condominio de Inmuebles para el Distrito Federal, art. 32): 75 % of the
// indiviso at the first call, more than half at the second, whoever attends at the third. A call's quorum is a
// percent and whether the share must exceed it (strict: "more than half") or reach it; percent 0 strict is "any
// attendance". Shares are in parts per million (polls.ts INDIVISO_WHOLE); the sums are exact integers. Pure: the
// server decides with it, the screens show it.

export const ASSEMBLY_MAX_CALLS = 3;

export interface QuorumRule {
  /** 0..100 of the indiviso. */
  percent: number;
  /** The present share must exceed percent (otherwise reach it). */
  strict: boolean;
}

export const QUORUM_RULE_SETS = ['cdmx', 'generic'] as const;
export type QuorumRuleSet = (typeof QUORUM_RULE_SETS)[number];

/** The calls' quorums per state's rule set, first call first. */
export const QUORUM_DEFAULTS: Record<QuorumRuleSet, readonly QuorumRule[]> = {
  cdmx: [
    { percent: 75, strict: false },
    { percent: 50, strict: true },
    { percent: 0, strict: true },
  ],
  generic: [
    { percent: 75, strict: false },
    { percent: 50, strict: true },
    { percent: 0, strict: true },
  ],
};

/** Whether `present` parts of `total` meet the rule, in exact integer arithmetic. */
export function quorumMet(present: number, total: number, rule: QuorumRule): boolean {
  if (total <= 0) return false;
  const left = present * 100;
  const right = rule.percent * total;
  return rule.strict ? left > right : left >= right;
}

/** The present share as a percent with two decimals (what the screens show). */
export const presentPercent = (present: number, total: number) => (total <= 0 ? 0 : Math.floor((present * 10_000) / total) / 100);

/**
 * The calls of a new assembly: one per default rule, the first at `startsAt` (wall clock 'YYYY-MM-DDTHH:mm') and
 * each next one `gapMinutes` later (the usual 30 minutes between calls).
 */
export function defaultCalls(ruleSet: QuorumRuleSet, startsAt: string, gapMinutes = 30) {
  return QUORUM_DEFAULTS[ruleSet].map((rule, index) => ({ at: addMinutes(startsAt, index * gapMinutes), ...rule }));
}

/** 'YYYY-MM-DDTHH:mm' plus minutes, as a wall clock (no zone). */
export function addMinutes(local: string, minutes: number): string {
  const [date = '', time = '00:00'] = local.split('T');
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  return at.toISOString().slice(0, 16);
}
