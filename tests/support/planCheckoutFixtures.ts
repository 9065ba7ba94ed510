// Contratar a plan's fixtures (src/api/pricing.ts), shared by the machines' models and the views' tests: the
// Profesional plan bought yearly, its checkout in each of its states.
import type { PlanCheckout } from '../../src/api/pricing';

const base: PlanCheckout = {
  id: 7,
  plan: 'profesional',
  planName: 'Profesional',
  period: 'anual',
  totalCents: 2_490_000,
  currency: 'MXN',
  state: 'creado',
  redirectUrl: '/pago-sandbox/plan_sbx_0123456789abcdef0123456789abcdef',
  expiresAt: '2026-06-02T19:00:00.000Z',
  paidUntil: null,
  failure: null,
};

export const PLAN_CHECKOUTS = {
  created: base,
  pending: { ...base, state: 'pendiente' },
  paid: { ...base, state: 'pagado', redirectUrl: null, paidUntil: '2027-06-01' },
  failed: { ...base, state: 'fallido', redirectUrl: null, failure: 'Tarjeta rechazada por el banco emisor.' },
  expired: { ...base, state: 'expirado', redirectUrl: null },
} satisfies Record<string, PlanCheckout>;
