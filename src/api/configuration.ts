// configuracion (spec §2.2, issue 16): the administrator's screen for people and settings, one tab per part.
// Each tab is its own flow with its own area word (DESIGN.md §8): dwellings, invitations (residents and the
// access-request inbox), permissions (staff, roles and permission keys), condoSettings.
export const CONFIGURATION_TABS = ['viviendas', 'residentes', 'solicitudes', 'permisos', 'condominio'] as const;
export type ConfigurationTab = (typeof CONFIGURATION_TABS)[number];

export const isConfigurationTab = (value: string | null): value is ConfigurationTab =>
  (CONFIGURATION_TABS as readonly string[]).includes(value ?? '');

/** /condominio/configuracion?tab=…, relative to /condominio. */
export const configurationPath = (tab: ConfigurationTab = 'viviendas') => `/configuracion?tab=${tab}`;
