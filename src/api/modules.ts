// What the product does on the day it is served, module by module (issue 28, "the pricing page sells what does
// not exist"): each flag turns true in the change that lands its module. The pricing page offers a plan's feature
// only when its module is live; a module's issue flips its flag and the page sells it from that day on.
export const LIVE_MODULES = {
  communication: true,
  requests: true,
  reservations: true,
  polls: true,
  statements: true,
  bulkStatements: true,
  financeReports: true,
  guests: true,
  /** The gate (issue 26): the caseta, the movement log, parcels. */
  gate: true,
  /** Collections (issue 27): paying online, proofs, reconciliation, reminders, late fees. */
  collections: true,
  invoicing: true,
  /** Supervisor rounds and the supervisor's panel (issue 31). */
  rounds: false,
  /** The administrators' support chat (issue 30). */
  supportChat: true,
  /** Assemblies with quorum, proxies and minutes (issue 32). */
  assemblies: false,
} as const;
export type ModuleCode = keyof typeof LIVE_MODULES;

/**
 * The features a plan may list (plans.features holds these codes), each with the module it needs (null: a promise of
 * service, not a module). Their words: pricing.feature.<code> in each language.
 */
export const PLAN_FEATURES = {
  everythingBasic: null,
  everythingProfessional: null,
  communication: 'communication',
  requests: 'requests',
  reservations: 'reservations',
  statements: 'statements',
  polls: 'polls',
  financeReports: 'financeReports',
  guests: 'guests',
  bulkStatements: 'bulkStatements',
  gate: 'gate',
  collections: 'collections',
  invoicing: 'invoicing',
  rounds: 'rounds',
  assemblies: 'assemblies',
  emailSupport: null,
  chatSupport: 'supportChat',
  accountAdvisor: null,
} as const satisfies Record<string, ModuleCode | null>;
export type PlanFeature = keyof typeof PLAN_FEATURES;

export const isPlanFeature = (code: string): code is PlanFeature => Object.hasOwn(PLAN_FEATURES, code);

/** Whether a plan may offer this feature today: a known feature whose module is live (or that needs none). */
export function featureIsLive(code: PlanFeature): boolean {
  const module: ModuleCode | null = PLAN_FEATURES[code];
  return module === null || LIVE_MODULES[module];
}
