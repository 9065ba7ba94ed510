// Late fees (recargos, issue 27; the spec's legacy automatic/penalties?id): a rule per condominium (a fixed amount
// or a percentage of the overdue balance, grace days, a cap), the dwellings it exempts, and the fees a daily job
// applies once per month and dwelling; an administrator waives one with a reason. Money in integer cents, a
// percentage in basis points (200 = 2 %), days and periods in the condominium's zone. The rule that works out a
// fee is here, pure, so the job, the tests and the screen's preview read the same one.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import { CalendarMonth, Id, IdParam, PageQueryOf } from './validation';

export const LATE_FEE_PATHS = {
  /** canManageLateFees: GET → LateFeeSettingsAnswer (the rule, the exemptions, the dwellings); POST LateFeeRuleDraft → LateFeeRuleAnswer. */
  rule: '/--financiero/recargos/regla',
  /** canManageLateFees: POST LateFeeExemptionDraft → LateFeeExemptionAnswer (201); 409 already exempt; 404 another condominium's dwelling. */
  exemptions: '/--financiero/recargos/exenciones',
  /** canManageLateFees: POST → OkAnswer, the dwelling is charged again from the next run; 404 another condominium's. */
  removeExemption: '/--financiero/recargos/exenciones/:id/quitar',
  /** canManageLateFees: GET ?limit=&offset=&periodo=&vivienda= → LateFeeListAnswer, newest period first. */
  list: '/--financiero/recargos',
  /** canManageLateFees: POST LateFeeWaiveRequest → LateFeeAnswer; 409 already waived; 404 another condominium's. */
  waive: '/--financiero/recargos/:id/condonar',
  /** canManageLateFees: POST → LateFeeApplyAnswer, this period's fees applied now (what the daily job does). */
  apply: '/--financiero/recargos/aplicar',
} as const;

/** The path of a fee's or an exemption's call. */
export const lateFeePath = (path: string, id: number) => path.replace(':id', String(id));

export const LATE_FEE_KINDS = ['fijo', 'porcentaje'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** The most a fixed fee or a cap may be: 10 million pesos, inside the 32-bit columns. */
export const LATE_FEE_MAX_CENTS = 1_000_000_000;
/** 100 %, in basis points. */
export const LATE_FEE_MAX_BP = 10_000;
export const LATE_FEE_MAX_GRACE_DAYS = 90;
export const LATE_FEE_REASON = { min: 3, max: 500 } as const;
export const LATE_FEES_PAGE_SIZE = 20;
export const LATE_FEES_MAX_PAGE_SIZE = 100;

const Cents = refine(
  integer(),
  'Cents',
  (value) => (value >= 0 && value <= LATE_FEE_MAX_CENTS) || `must be between 0 and ${LATE_FEE_MAX_CENTS}`,
);
const BasisPoints = refine(
  integer(),
  'Percent',
  (value) => (value >= 0 && value <= LATE_FEE_MAX_BP) || `must be between 0 and ${LATE_FEE_MAX_BP}`,
);
const GraceDays = refine(
  integer(),
  'GraceDays',
  (value) => (value >= 0 && value <= LATE_FEE_MAX_GRACE_DAYS) || `must be between 0 and ${LATE_FEE_MAX_GRACE_DAYS}`,
);
export const LateFeeReason = refine(
  size(string(), 1, LATE_FEE_REASON.max),
  'Reason',
  (value) => value.trim().length >= LATE_FEE_REASON.min || `must be ${LATE_FEE_REASON.min} to ${LATE_FEE_REASON.max} characters`,
);
/** What the reason of an exemption or a waiver must be: 3 to 500 characters, not counting the spaces around. */
export const reasonIsValid = (reason: string) =>
  reason.trim().length >= LATE_FEE_REASON.min && reason.length <= LATE_FEE_REASON.max;

/** A period: 'YYYY-MM', a month of the years a date may name. */
export const Period = CalendarMonth;

export const LateFeeRule = object({
  kind: enums(LATE_FEE_KINDS),
  /** The fixed fee (kind 'fijo'). */
  amountCents: Cents,
  /** The percentage of the overdue balance (kind 'porcentaje'), in basis points. */
  percentBp: BasisPoints,
  graceDays: GraceDays,
  /** The most one fee may be; null: no cap. */
  capCents: nullable(Cents),
  active: boolean(),
});
export type LateFeeRule = Infer<typeof LateFeeRule>;

/** What the form saves: the rule itself. */
export const LateFeeRuleDraft = LateFeeRule;
export type LateFeeRuleDraft = LateFeeRule;

/** A condominium with no rule yet: inactive, 0 everywhere. */
export const NO_LATE_FEE_RULE: LateFeeRule = {
  kind: 'porcentaje',
  amountCents: 0,
  percentBp: 0,
  graceDays: 0,
  capCents: null,
  active: false,
};

/** What an active rule needs beyond the struct: a fee above 0 of its kind. Null when fine, else the field. */
export function ruleProblem(rule: LateFeeRule): 'amountCents' | 'percentBp' | null {
  if (!rule.active) return null;
  if (rule.kind === 'fijo' && rule.amountCents <= 0) return 'amountCents';
  if (rule.kind === 'porcentaje' && rule.percentBp <= 0) return 'percentBp';
  return null;
}

export const LateFeeDwelling = object({ id: Id, nombre: string() });
export type LateFeeDwelling = Infer<typeof LateFeeDwelling>;

export const LateFeeExemption = object({
  id: Id,
  apartmentId: Id,
  vivienda: string(),
  reason: string(),
  /** ISO-8601 UTC. */
  createdAt: string(),
});
export type LateFeeExemption = Infer<typeof LateFeeExemption>;

export const LateFeeSettingsAnswer = object({
  success: literal(true),
  rule: LateFeeRule,
  exemptions: array(LateFeeExemption),
  /** The condominium's active dwellings, by name (the exemption's choices). */
  dwellings: array(LateFeeDwelling),
  /** This period ('YYYY-MM', today in the condominium's zone). */
  period: Period,
});
export type LateFeeSettingsAnswer = Infer<typeof LateFeeSettingsAnswer>;

export const LateFeeRuleAnswer = object({ success: literal(true), rule: LateFeeRule });
export type LateFeeRuleAnswer = Infer<typeof LateFeeRuleAnswer>;

export const LateFeeExemptionDraft = object({ apartmentId: Id, reason: LateFeeReason });
export type LateFeeExemptionDraft = Infer<typeof LateFeeExemptionDraft>;
export const LateFeeExemptionAnswer = object({ success: literal(true), exemption: LateFeeExemption });
export type LateFeeExemptionAnswer = Infer<typeof LateFeeExemptionAnswer>;

/** A fee's or an exemption's id in a path. */
export const LateFeeParams = object({ id: IdParam });
export type LateFeeParams = Infer<typeof LateFeeParams>;

export const LateFee = object({
  id: Id,
  apartmentId: Id,
  vivienda: string(),
  period: Period,
  /** The overdue balance it was worked out from. */
  baseCents: number(),
  amountCents: number(),
  /** ISO-8601 UTC. */
  createdAt: string(),
  waivedAt: nullable(string()),
  waivedBy: nullable(string()),
  waiveReason: nullable(string()),
});
export type LateFee = Infer<typeof LateFee>;

export const LateFeeListQuery = object({
  ...PageQueryOf(LATE_FEES_MAX_PAGE_SIZE).schema,
  periodo: optional(Period),
  vivienda: optional(IdParam),
});
export type LateFeeListQuery = Infer<typeof LateFeeListQuery>;

export const LateFeeListAnswer = object({ success: literal(true), items: array(LateFee), total: number() });
export type LateFeeListAnswer = Infer<typeof LateFeeListAnswer>;

export const LateFeeWaiveRequest = object({ reason: LateFeeReason });
export type LateFeeWaiveRequest = Infer<typeof LateFeeWaiveRequest>;
export const LateFeeAnswer = object({ success: literal(true), fee: LateFee });
export type LateFeeAnswer = Infer<typeof LateFeeAnswer>;

export const LateFeeApplyAnswer = object({ success: literal(true), period: Period, applied: number() });
export type LateFeeApplyAnswer = Infer<typeof LateFeeApplyAnswer>;

// ── The rule ──

/** A charge of the ledger as the rule reads it: when it fell due, how much, and whether it is a late fee. */
export interface LedgerCharge {
  /** YYYY-MM-DD. */
  dueOn: string;
  amountCents: number;
  lateFee: boolean;
}

const DAY_MS = 86_400_000;
/** `day` (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period of a day: '2026-11-30' → '2026-11'. */
export const periodOf = (day: string) => day.slice(0, 7);

/** '2026-11' → '11/2026', as the concepts and the screen write a period. */
export const periodText = (period: string) => `${period.slice(5, 7)}/${period.slice(0, 4)}`;

export const lateFeeConcept = (period: string) => `Recargo moratorio ${periodText(period)}`;
export const waiveConcept = (period: string) => `Condonación de recargo ${periodText(period)}`;

/**
 * The overdue balance a fee is worked out from, on `today`: payments and credits (`settledCents`, those made by
 * today) settle the oldest charges first, late fees among them, as the statement's vencido and the Morosos report
 * read the ledger; what is left unpaid of the charges that are not late fees and whose due day plus the grace days
 * is before today is overdue. A late fee itself is never charged a late fee.
 */
export function overdueBaseCents(
  charges: readonly LedgerCharge[],
  settledCents: number,
  today: string,
  graceDays: number,
): number {
  const cutoff = addDays(today, -graceDays);
  const ordered = [...charges]
    .filter((c) => c.amountCents > 0)
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
  let credit = Math.max(0, settledCents);
  let overdue = 0;
  for (const charge of ordered) {
    const unpaid = Math.max(0, charge.amountCents - credit);
    credit = Math.max(0, credit - charge.amountCents);
    if (!charge.lateFee && charge.dueOn < cutoff) overdue += unpaid;
  }
  return overdue;
}

/** The fee for an overdue balance: the fixed amount, or the percentage rounded half up to the cent; capped; 0 when nothing is overdue. */
export function lateFeeCents(
  rule: Pick<LateFeeRule, 'kind' | 'amountCents' | 'percentBp' | 'capCents'>,
  overdueCents: number,
): number {
  if (overdueCents <= 0) return 0;
  const fee = rule.kind === 'fijo' ? rule.amountCents : Math.floor((overdueCents * rule.percentBp + 5_000) / 10_000);
  return rule.capCents === null ? fee : Math.min(fee, rule.capCents);
}

/** The fee a dwelling owes today under an active rule (0 for an inactive one), with the base it came from. */
export function lateFeeDue(
  rule: LateFeeRule,
  ledger: { charges: readonly LedgerCharge[]; settledCents: number },
  today: string,
): { baseCents: number; feeCents: number } {
  if (!rule.active) return { baseCents: 0, feeCents: 0 };
  const baseCents = overdueBaseCents(ledger.charges, ledger.settledCents, today, rule.graceDays);
  return { baseCents, feeCents: lateFeeCents(rule, baseCents) };
}

/** A percentage typed in the form ("2", "2.5", "2,25") as basis points; null when it is not one within 0–100. */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= LATE_FEE_MAX_BP ? bp : null;
}

/** Basis points as the form writes them: 250 → "2.5", 200 → "2". */
export const bpToPercent = (bp: number) => String(bp / 100);
