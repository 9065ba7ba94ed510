// The plans of the pricing page (precios-y-planes): three subscriptions for Mexican condominiums, priced
// in MXN cents. The yearly price is ten months of the monthly one (two months free). Deterministic: the
// same rows on every load.
import type { Kysely } from 'kysely';
import type { PlanFeature } from '../../../src/api/modules';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

export interface DemoPlan {
  code: string;
  name: string;
  description: string;
  monthlyPriceCents: number;
  maxDwellings: number | null;
  /** Feature codes (src/api/modules.ts): the page shows those whose module is live, in the reader's language. */
  features: PlanFeature[];
}

/** Yearly billing: ten months for twelve. */
export const YEARLY_MONTHS_CHARGED = 10;

export const DEMO_PLANS: DemoPlan[] = [
  {
    code: 'basico',
    name: 'Básico',
    description: 'Para privadas y edificios pequeños que quieren dejar los grupos de WhatsApp.',
    monthlyPriceCents: 99_000,
    maxDwellings: 50,
    features: ['communication', 'requests', 'reservations', 'statements', 'emailSupport'],
  },
  {
    code: 'profesional',
    name: 'Profesional',
    description: 'Para condominios con torres, vigilancia y un consejo que revisa las finanzas.',
    monthlyPriceCents: 249_000,
    maxDwellings: 300,
    features: ['everythingBasic', 'polls', 'financeReports', 'guests', 'gate', 'collections', 'bulkStatements', 'chatSupport'],
  },
  {
    code: 'corporativo',
    name: 'Corporativo',
    description: 'Para administradoras que llevan varios condominios y necesitan facturar.',
    monthlyPriceCents: 599_000,
    maxDwellings: null,
    features: ['everythingProfessional', 'invoicing', 'rounds', 'assemblies', 'accountAdvisor'],
  },
];

export async function seedPlans(db: Kysely<Database>, clock: Clock): Promise<void> {
  const createdAt = clock.now().toISOString();
  await db
    .insertInto('plans')
    .values(
      DEMO_PLANS.map((plan, index) => ({
        code: plan.code,
        name: plan.name,
        description: plan.description,
        monthly_price_cents: plan.monthlyPriceCents,
        yearly_price_cents: plan.monthlyPriceCents * YEARLY_MONTHS_CHARGED,
        currency: 'MXN',
        max_dwellings: plan.maxDwellings,
        features: JSON.stringify(plan.features),
        position: index + 1,
        active: 1 as const,
        created_at: createdAt,
      })),
    )
    .execute();
}
