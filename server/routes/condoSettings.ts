// The condominium's settings (src/api/condoSettings.ts), configuracion's tab 'condominio'. Administrators only
// (permissions.canEditCondoSettings), refused before the body is read; the logo's bytes are public, since the
// public page shows them before anyone signs in.
import type { FastifyInstance } from 'fastify';
import { CONDO_SETTINGS_PATHS, LogoFileParams, SaveCondoSettingsRequest, UploadLogoRequest } from '../../src/api/condoSettings';
import { canEditCondoSettings } from '../../src/api/permissions';
import { logoFile, removeLogo, setLogo } from '../domain/condoSettings/logo';
import { readSettings, saveSettings } from '../domain/condoSettings/settings';
import { signedInRoutes } from './guards';

/** A data URL of LOGO_MAX_BYTES is about 2 MB of base64, beyond the app's 1 MiB body limit. */
const LOGO_BODY_LIMIT = 2_200_000;

export default async function condoSettingsRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const admins = { allow: canEditCondoSettings };

  routes.get(CONDO_SETTINGS_PATHS.settings, admins, async (request) => ({
    success: true,
    settings: await readSettings(app.db, request.auth),
  }));

  // 400 for a field the rules refuse (the map the sanitizer cannot accept among them), 409 with the settings now
  // for a stale version.
  routes.post<{ Body: SaveCondoSettingsRequest }>(
    CONDO_SETTINGS_PATHS.save,
    { schema: { body: SaveCondoSettingsRequest }, ...admins },
    async (request) => ({
      success: true,
      settings: (await saveSettings(app.db, app.clock, request.auth, request.body)).settings,
    }),
  );

  routes.post<{ Body: UploadLogoRequest }>(
    CONDO_SETTINGS_PATHS.uploadLogo,
    { schema: { body: UploadLogoRequest }, ...admins, bodyLimit: LOGO_BODY_LIMIT },
    async (request) => ({ success: true, settings: await setLogo(app.db, app.clock, request.auth, request.body.dataUrl) }),
  );

  routes.post(CONDO_SETTINGS_PATHS.deleteLogo, admins, async (request) => ({
    success: true,
    settings: await removeLogo(app.db, app.clock, request.auth),
  }));

  // Anyone: the current logo's bytes (404 for a replaced one). A new logo is a new name, so they never change.
  app.get<{ Params: { condoId: number; fileName: string } }>(
    CONDO_SETTINGS_PATHS.logoFile(':condoId', ':fileName'),
    { schema: { params: LogoFileParams } },
    async (request, reply) => {
      const file = await logoFile(app.db, request.params.condoId, request.params.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.data);
    },
  );
}
