// Paying online's fixtures (src/api/checkout.ts), shared by the machines' models and the views' tests: a dwelling
// owing two months at Las Palmas with the demo's commissions, and a checkout in each of its states.
import type { Checkout, CheckoutOptions, SandboxCheckout } from '../../src/api/checkout';

export const APARTMENT_ID = 86;

export const OPTIONS: CheckoutOptions = {
  ApartmentId: APARTMENT_ID,
  enabled: true,
  provider: 'sandbox',
  feeBearer: 'residente',
  methods: [
    { method: 'tarjeta', bp: 360, fixedCents: 300 },
    { method: 'spei', bp: 0, fixedCents: 800 },
    { method: 'oxxo', bp: 360, fixedCents: 0 },
  ],
  open: [
    {
      chargeId: 501,
      concept: 'Cuota de mantenimiento octubre',
      chargedOn: '2026-10-01',
      dueOn: '2026-10-10',
      openCents: 185_000,
    },
    {
      chargeId: 502,
      concept: 'Cuota de mantenimiento noviembre',
      chargedOn: '2026-11-01',
      dueOn: '2026-11-10',
      openCents: 185_000,
    },
  ],
  owedCents: 370_000,
  creditCents: 0,
  // Las Palmas has Cargos automáticos: a card may be kept, the dwelling's fee as the limit.
  saveCard: { limitCents: 185_000 },
};

/** A dwelling that owes nothing: it may still pay an amount ahead. */
export const NOTHING_OWED: CheckoutOptions = { ...OPTIONS, open: [], owedCents: 0 };

/** A condominium that takes no payments online. */
export const DISABLED: CheckoutOptions = { ...OPTIONS, enabled: false, provider: null, methods: [] };

const base: Checkout = {
  id: 31,
  ApartmentId: APARTMENT_ID,
  method: 'tarjeta',
  state: 'creado',
  amountCents: 185_000,
  feeCents: 8_129,
  feeBearer: 'residente',
  totalCents: 193_129,
  redirectUrl: '/pago-sandbox/sbx_0123456789abcdef0123456789abcdef',
  payReference: null,
  expiresAt: '2026-11-30T18:00:00.000Z',
  paymentId: null,
  failure: null,
};

export const CHECKOUTS = {
  created: base,
  pending: {
    ...base,
    method: 'oxxo',
    state: 'pendiente',
    redirectUrl: null,
    payReference: '91234567890123',
    expiresAt: '2026-12-03T17:00:00.000Z',
  },
  paid: { ...base, state: 'pagado', redirectUrl: null, paymentId: 7001 },
  failed: { ...base, state: 'fallido', redirectUrl: null, failure: 'Tarjeta rechazada por el banco emisor (sandbox).' },
  expired: { ...base, state: 'expirado', redirectUrl: null },
} satisfies Record<string, Checkout>;

export const SANDBOX: SandboxCheckout = {
  ref: 'sbx_0123456789abcdef0123456789abcdef',
  condoName: 'Residencial Las Palmas',
  method: 'tarjeta',
  totalCents: 193_129,
  state: 'creado',
  payReference: null,
  returnPath: '/condominio/financiero/pago/31',
};
