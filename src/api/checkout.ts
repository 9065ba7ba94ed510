// Paying online (issue 27): a resident of a dwelling pays what it owes through the condominium's payment provider
// (the sandbox built into the app, or a real one later) by card, SPEI or an OXXO reference. The browser names the
// dwelling, the charges (or an amount) and the method; the amount, the commission and the charges come from our
// database. The money enters the ledger only when the provider's signed webhook says it was paid, through the one
// way in (insertLedgerPayment: the payment, its receipt, its history row) and mode A's invoice. Amounts are integer
// cents of MXN; days YYYY-MM-DD in the condominium's time zone. No card number ever reaches our server: the
// provider's own page (or script) takes it.
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
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { ClientId } from './gate';
import { LedgerAccount } from './payments';
import type { LedgerChargeRow, LedgerPaymentRow } from './receipts';
import { Id, IdParam } from './validation';

export const CHECKOUT_PATHS = {
  /** A resident of the dwelling (canPayOnline): GET ?ApartmentId → CheckoutOptionsAnswer. */
  options: '/--pagos-en-linea/opciones',
  /** The same: POST CheckoutRequest → CheckoutCreatedAnswer (201; 200 for a clientId already sent). */
  create: '/--pagos-en-linea/checkout',
  /** Whoever created it: GET → CheckoutAnswer (the result page asks until it is settled). */
  checkout: '/--pagos-en-linea/checkout/:id',
  /** The provider, no session: POST its event, signed; 400 for a bad signature, 200 otherwise (even repeated). */
  webhook: '/--pagos-en-linea/webhook/:provider',
  /** The sandbox provider's checkout page's data, no session (the reference is the permission). */
  sandboxCheckout: '/--pagos-en-linea/sandbox/:ref',
  /** The sandbox page's buttons: POST → the provider sends its signed webhook, as a real one would. */
  sandboxOutcome: '/--pagos-en-linea/sandbox/:ref/:outcome',
  /** Administrators (canManagePayments): GET → PaymentSettingsAnswer; POST PaymentSettingsDraft → the same (saved). */
  settings: '/--pagos-en-linea/ajustes',
  /** Where a provider's page sends the resident back (no session): a redirect to the checkout's result page. */
  providerReturn: '/--pagos-en-linea/regreso/:ref',
} as const;

export const checkoutPath = (id: number) => CHECKOUT_PATHS.checkout.replace(':id', String(id));
export const sandboxCheckoutPath = (ref: string) => CHECKOUT_PATHS.sandboxCheckout.replace(':ref', ref);
export const sandboxOutcomePath = (ref: string, outcome: SandboxOutcome) =>
  CHECKOUT_PATHS.sandboxOutcome.replace(':ref', ref).replace(':outcome', outcome);
/** The sandbox provider's own checkout page (the browser app's public route). */
export const sandboxPagePath = (ref: string) => `/pago-sandbox/${ref}`;
export const providerReturnPath = (ref: string) => CHECKOUT_PATHS.providerReturn.replace(':ref', ref);
export const webhookPath = (provider: PaymentProvider) => CHECKOUT_PATHS.webhook.replace(':provider', provider);

/** The built-in sandbox, and Stripe (México: cards, OXXO, SPEI bank transfers; docs/decisions.md). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** The providers that need the condominium's own keys (its account with the provider). */
export const PROVIDERS_WITH_KEYS: readonly PaymentProvider[] = ['stripe'];
/** Our checkout's reference (what the provider's object carries in its metadata): 'chk_' and 32 hex digits. */
export const CHECKOUT_REF = /^chk_[0-9a-f]{32}$/;

export const CHECKOUT_METHODS = ['tarjeta', 'spei', 'oxxo'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Who bears the provider's commission: the resident pays it on top, or the condominium absorbs it. */
export const FEE_BEARERS = ['residente', 'condominio'] as const;
export type FeeBearer = (typeof FEE_BEARERS)[number];

// ── The lifecycle, as a table (DESIGN.md §8) ──

/**
 * creado: the provider's page is open; pendiente: a reference (OXXO, SPEI) waits for the money; pagado: the money
 * is in the ledger; fallido: the provider refused it; expirado: the reference or the page ran out (the provider
 * said so, or our job found it past expires_at). pagado and fallido are final: an event that arrives after one of
 * them (out of order, or repeated) changes nothing. expirado is final but for the provider's paid event: the
 * provider took the money before its own deadline and its event reached us after ours (a late webhook, clocks
 * apart), and money that came in is recorded.
 */
export const CHECKOUT_STATES = ['creado', 'pendiente', 'pagado', 'fallido', 'expirado'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const CHECKOUT_TRANSITIONS: Record<CheckoutState, readonly CheckoutState[]> = {
  creado: ['pendiente', 'pagado', 'fallido', 'expirado'],
  pendiente: ['pagado', 'fallido', 'expirado'],
  pagado: [],
  fallido: [],
  expirado: ['pagado'],
};

export const canMoveCheckout = (from: CheckoutState, to: CheckoutState) => CHECKOUT_TRANSITIONS[from].includes(to);
/** Open: the provider may still answer, and the expiry job may still close it (the states it can expire from). */
export const OPEN_CHECKOUT_STATES: readonly CheckoutState[] = CHECKOUT_STATES.filter((state) =>
  canMoveCheckout(state, 'expirado'),
);
/** Settled: the provider has answered (or the time ran out); the result page stops asking. */
export const isSettled = (state: CheckoutState) => !OPEN_CHECKOUT_STATES.includes(state);

// ── Commissions ──

/** A method's commission: a share of the amount (basis points) plus a fixed part, both before IVA. */
export interface MethodFee {
  bp: number;
  fixedCents: number;
}

/** IVA on the provider's commission (16 %), which the provider charges on top of it. */
export const FEE_VAT_BP = 1_600;

/**
 * The commission of paying `amountCents` with a method, IVA included, rounded half up to the cent. When the
 * resident bears it the provider is asked for amount + commission, and its commission on that larger sum is
 * what is added (grossed up, so the condominium receives the whole amount); when the condominium bears it the
 * resident pays the amount and the condominium receives the amount less the commission.
 */
export function checkoutFee(fee: MethodFee, amountCents: number, bearer: FeeBearer): number {
  const rate = (fee.bp / 10_000) * (1 + FEE_VAT_BP / 10_000);
  const fixed = fee.fixedCents * (1 + FEE_VAT_BP / 10_000);
  if (bearer === 'condominio') return Math.round(amountCents * rate + fixed);
  // total = amount + fee, fee = total·rate + fixed  ⇒  total = (amount + fixed) / (1 − rate)
  const total = Math.ceil((amountCents + fixed) / (1 - rate));
  return total - amountCents;
}

// ── What a dwelling owes, charge by charge ──

export const OpenCharge = object({
  chargeId: number(),
  concept: string(),
  chargedOn: string(),
  dueOn: string(),
  /** What the charge still owes after the money that came in before (first in, first out). */
  openCents: number(),
});
export type OpenCharge = Infer<typeof OpenCharge>;

/**
 * The charges a dwelling still owes, oldest first, and what each still owes: the same first-in, first-out
 * reading as the receipts' (src/api/receipts.ts paymentConcepts): credits and payments settle the oldest charges
 * first. A balance in the dwelling's favour is what came in beyond all charges.
 */
export function openCharges(
  charges: readonly (LedgerChargeRow & { dueOn: string })[],
  payments: readonly LedgerPaymentRow[],
): { open: OpenCharge[]; creditCents: number } {
  const owed = charges
    .filter((c) => c.amountCents > 0)
    .sort((a, b) => compare(a.chargedOn, b.chargedOn) || a.id - b.id)
    .map((c) => ({ charge: c, left: c.amountCents }));
  // A reversed payment (reconciliation's undo writes the payment again with a minus) takes its money back.
  let money = Math.max(
    0,
    charges.filter((c) => c.amountCents < 0).reduce((sum, c) => sum - c.amountCents, 0) +
      payments.reduce((sum, p) => sum + p.amountCents, 0),
  );
  for (const slot of owed) {
    const taken = Math.min(money, slot.left);
    slot.left -= taken;
    money -= taken;
  }
  return {
    open: owed
      .filter((slot) => slot.left > 0)
      .map(({ charge, left }) => ({
        chargeId: charge.id,
        concept: charge.concept,
        chargedOn: charge.chargedOn,
        dueOn: charge.dueOn,
        openCents: left,
      })),
    creditCents: money,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ── Requests and answers ──

/** The least and the most one online payment takes: 10 pesos, and OXXO's and SPEI's practical ceiling. */
export const CHECKOUT_MIN_CENTS = 1_000;
export const CHECKOUT_MAX_CENTS = 10_000_000;

export const CheckoutOptionsQuery = object({ ApartmentId: IdParam });
export type CheckoutOptionsQuery = Infer<typeof CheckoutOptionsQuery>;

export const CheckoutMethodOption = object({
  method: enums(CHECKOUT_METHODS),
  bp: number(),
  fixedCents: number(),
});
export type CheckoutMethodOption = Infer<typeof CheckoutMethodOption>;

export const CheckoutOptions = object({
  ApartmentId: number(),
  /** Whether the condominium takes payments online; when not, the screen says so and offers nothing. */
  enabled: boolean(),
  provider: nullable(enums(PAYMENT_PROVIDERS)),
  feeBearer: enums(FEE_BEARERS),
  methods: array(CheckoutMethodOption),
  open: array(OpenCharge),
  owedCents: number(),
  creditCents: number(),
  /** Whether a card paid now may be kept for Cargos automáticos, and the monthly limit offered (the dwelling's
   * fee); null or absent where it is not offered. */
  saveCard: optional(nullable(object({ limitCents: number() }))),
});
export type CheckoutOptions = Infer<typeof CheckoutOptions>;
export const CheckoutOptionsAnswer = object({ success: literal(true), data: CheckoutOptions });
export type CheckoutOptionsAnswer = Infer<typeof CheckoutOptionsAnswer>;

export const CheckoutRequest = object({
  ApartmentId: Id,
  method: enums(CHECKOUT_METHODS),
  /** The charges to pay (their open part), oldest first by default on the screen; or, instead, an amount. */
  chargeIds: optional(size(array(Id), 1, 120)),
  amountCents: optional(
    refine(
      integer(),
      'Cents',
      (value) =>
        (value >= CHECKOUT_MIN_CENTS && value <= CHECKOUT_MAX_CENTS) ||
        `must be between ${CHECKOUT_MIN_CENTS} and ${CHECKOUT_MAX_CENTS}`,
    ),
  ),
  /** Made by the screen once per attempt: a second press (or a retry after a cut) answers the same checkout. */
  clientId: ClientId,
  /** Card only: keep the card for automatic charges (Cargos automáticos), with this monthly limit ("1850.00",
   * the limit's amount rule: src/api/recurringCharges.ts). */
  saveCard: optional(object({ monto: pattern(string(), /^[\d.,]{1,12}$/) })),
});
export type CheckoutRequest = Infer<typeof CheckoutRequest>;

export const Checkout = object({
  id: number(),
  ApartmentId: number(),
  method: enums(CHECKOUT_METHODS),
  state: enums(CHECKOUT_STATES),
  /** What enters the ledger. */
  amountCents: number(),
  /** The commission, IVA included; added to what the resident pays when the resident bears it. */
  feeCents: number(),
  feeBearer: enums(FEE_BEARERS),
  /** What the resident pays. */
  totalCents: number(),
  /** Where the resident goes to pay (the provider's page); null once settled. */
  redirectUrl: nullable(string()),
  /** An OXXO or SPEI reference (a CLABE for SPEI) to pay with, while pendiente. */
  payReference: nullable(string()),
  expiresAt: string(),
  /** The ledger payment (and so its receipt) once pagado. */
  paymentId: nullable(number()),
  /** The provider's words when fallido. */
  failure: nullable(string()),
});
export type Checkout = Infer<typeof Checkout>;
export const CheckoutAnswer = object({ success: literal(true), data: Checkout });
export type CheckoutAnswer = Infer<typeof CheckoutAnswer>;
export const CheckoutCreatedAnswer = CheckoutAnswer;
export type CheckoutCreatedAnswer = CheckoutAnswer;

export const CheckoutParams = object({ id: IdParam });
export type CheckoutParams = Infer<typeof CheckoutParams>;

// ── The sandbox provider ──

/** A sandbox checkout's reference: 'sbx_' and 32 hex digits. */
/** A sandbox checkout's reference; "plan_" before it: a plan's checkout (src/api/pricing.ts PLAN_CHECKOUT_REF). */
export const SANDBOX_REF = /^(plan_)?sbx_[0-9a-f]{32}$/;
export const SANDBOX_OUTCOMES = ['pagar', 'rechazar', 'expirar'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const SandboxRefParams = object({ ref: pattern(string(), SANDBOX_REF) });
export type SandboxRefParams = Infer<typeof SandboxRefParams>;
export const SandboxOutcomeParams = object({ ref: pattern(string(), SANDBOX_REF), outcome: enums(SANDBOX_OUTCOMES) });
export type SandboxOutcomeParams = Infer<typeof SandboxOutcomeParams>;

export const SandboxCheckout = object({
  ref: string(),
  condoName: string(),
  method: enums(CHECKOUT_METHODS),
  totalCents: number(),
  state: enums(CHECKOUT_STATES),
  payReference: nullable(string()),
  /** Where the provider sends the resident back to (the app's result page). */
  returnPath: string(),
  /** The resident asked to keep the card for automatic charges: the page says it will be saved. */
  saveCard: optional(boolean()),
});
export type SandboxCheckout = Infer<typeof SandboxCheckout>;
export const SandboxCheckoutAnswer = object({ success: literal(true), data: SandboxCheckout });
export type SandboxCheckoutAnswer = Infer<typeof SandboxCheckoutAnswer>;

export const SandboxOutcomeAnswer = object({ success: literal(true) });
export type SandboxOutcomeAnswer = Infer<typeof SandboxOutcomeAnswer>;

export const WebhookParams = object({ provider: enums(PAYMENT_PROVIDERS) });
export type WebhookParams = Infer<typeof WebhookParams>;
export const ProviderReturnParams = object({ ref: pattern(string(), CHECKOUT_REF) });
export type ProviderReturnParams = Infer<typeof ProviderReturnParams>;

// ── The administrators' settings (payment_settings) ──

/** A method's commission the administrator may set: up to 20 % and up to 1,000 pesos fixed, both before IVA. */
export const FEE_MAX_BP = 2_000;
export const FEE_MAX_FIXED_CENTS = 100_000;

const FeeBp = refine(integer(), 'FeeBp', (value) => (value >= 0 && value <= FEE_MAX_BP) || `must be between 0 and ${FEE_MAX_BP}`);
const FeeFixedCents = refine(
  integer(),
  'FeeCents',
  (value) => (value >= 0 && value <= FEE_MAX_FIXED_CENTS) || `must be between 0 and ${FEE_MAX_FIXED_CENTS}`,
);
export const MethodFeeDraft = object({ bp: FeeBp, fixedCents: FeeFixedCents });

/** Stripe's secret (sk_) or restricted (rk_) API key, test or live; and its webhook endpoint's signing secret. */
export const SECRET_KEY_PATTERN = /^(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{16,240}$/;
export const WEBHOOK_SECRET_PATTERN = /^whsec_[0-9A-Za-z+/=]{16,240}$/;
export const PROVIDER_KEY_FIELDS = ['secretKey', 'webhookSecret'] as const;
export type ProviderKeyField = (typeof PROVIDER_KEY_FIELDS)[number];

/** What the administrator saves: the provider, on or off, who bears the commission, each method's, the account. */
export const PaymentSettingsDraft = object({
  provider: enums(PAYMENT_PROVIDERS),
  enabled: boolean(),
  feeBearer: enums(FEE_BEARERS),
  fees: object({ tarjeta: MethodFeeDraft, spei: MethodFeeDraft, oxxo: MethodFeeDraft }),
  /** A ledger account of the condominium (a bank or cash box); required to take payments (enabled). */
  accountId: nullable(Id),
  /** Write-only: a new secret API key for the provider; absent keeps the one saved. Never answered back. */
  secretKey: optional(pattern(string(), SECRET_KEY_PATTERN)),
  /** Write-only: a new webhook signing secret; absent keeps the one saved. Never answered back. */
  webhookSecret: optional(pattern(string(), WEBHOOK_SECRET_PATTERN)),
});
export type PaymentSettingsDraft = Infer<typeof PaymentSettingsDraft>;

/** What the administrator sees of a saved key: whether there is one, and its last four characters. */
export const ProviderKeyState = object({ configured: boolean(), last4: nullable(string()) });
export type ProviderKeyState = Infer<typeof ProviderKeyState>;
export type ProviderKeys = Record<ProviderKeyField, ProviderKeyState>;
export const NO_PROVIDER_KEYS: ProviderKeys = {
  secretKey: { configured: false, last4: null },
  webhookSecret: { configured: false, last4: null },
};

/** A condominium that never saved its settings: the first provider offered, off, zero commissions, no account. */
export const NO_PAYMENT_SETTINGS: PaymentSettingsDraft = {
  provider: 'sandbox',
  enabled: false,
  feeBearer: 'residente',
  fees: {
    tarjeta: { bp: 0, fixedCents: 0 },
    spei: { bp: 0, fixedCents: 0 },
    oxxo: { bp: 0, fixedCents: 0 },
  },
  accountId: null,
};

/**
 * Why a draft the struct takes is still not saved: taking payments needs an account, and through a provider with
 * keys (Stripe) both of its keys, sent now or saved before (`saved`). Null when fine.
 */
export function paymentSettingsProblem(
  draft: PaymentSettingsDraft,
  saved: ProviderKeys = NO_PROVIDER_KEYS,
): 'accountId' | ProviderKeyField | null {
  if (!draft.enabled) return null;
  if (draft.accountId === null) return 'accountId';
  if (!PROVIDERS_WITH_KEYS.includes(draft.provider)) return null;
  return PROVIDER_KEY_FIELDS.find((field) => draft[field] === undefined && !saved[field].configured) ?? null;
}

export const PaymentSettingsView = object({
  settings: object({
    provider: enums(PAYMENT_PROVIDERS),
    enabled: boolean(),
    feeBearer: enums(FEE_BEARERS),
    fees: object({
      tarjeta: object({ bp: number(), fixedCents: number() }),
      spei: object({ bp: number(), fixedCents: number() }),
      oxxo: object({ bp: number(), fixedCents: number() }),
    }),
    accountId: nullable(number()),
  }),
  /** The provider's keys as saved: configured or not, and the last four characters; never the keys. */
  keys: object({ secretKey: ProviderKeyState, webhookSecret: ProviderKeyState }),
  /** Whether the condominium ever saved its settings (otherwise NO_PAYMENT_SETTINGS). */
  saved: boolean(),
  /** The providers this deployment offers: without PAYMENT_SANDBOX the sandbox is not one of them. */
  providers: array(enums(PAYMENT_PROVIDERS)),
  /** The condominium's banks and cash boxes, by name. */
  accounts: array(LedgerAccount),
});
export type PaymentSettingsView = Infer<typeof PaymentSettingsView>;
export const PaymentSettingsAnswer = object({ success: literal(true), data: PaymentSettingsView });
export type PaymentSettingsAnswer = Infer<typeof PaymentSettingsAnswer>;

/** Percent as typed ("3.6", "3,6", up to two decimals) → basis points within FEE_MAX_BP; null otherwise. */
export function feePercentToBp(text: string): number | null {
  const match = /^(\d{1,2})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= FEE_MAX_BP ? bp : null;
}

/** Basis points as the form writes them: 360 → "3.6", 0 → "0". */
export const feeBpToPercent = (bp: number) => String(bp / 100);
