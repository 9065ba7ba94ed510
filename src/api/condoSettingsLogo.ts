// The condominium's logo address (configuracion, issue 16): anyone may read it, since the public page shows it before
// anyone signs in. A module of its own so that the public page, which needs only this, does not load the settings'
// contract (condoSettings.ts) and, through its imports, the gate's, the walk-ins' and the parcels': about 6 KiB gzip
// of a visitor's first load (issue 29).

/** GET, anyone: the logo's bytes (CONDO_SETTINGS_PATHS.logoFile). */
export const condoLogoPath = (condoId: number | string, fileName: string) =>
  `/--configuracion/condominio/logo/${condoId}/${fileName}`;

/** Where the browser loads a condominium's logo (its FileName from session data or the public page). */
export const condoLogoUrl = (condoId: number, fileName: string) => `/api${condoLogoPath(condoId, fileName)}`;
