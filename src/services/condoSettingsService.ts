// Browser side of the condominium's settings (src/api/condoSettings.ts). A stale save (409 with the settings
// now) comes back as a typed result; anything else is thrown as ApiError.
import {
  CONDO_SETTINGS_PATHS,
  type CondoSettings,
  CondoSettingsAnswer,
  CondoSettingsConflict,
  type SaveCondoSettingsRequest,
} from '../api/condoSettings';
import { apiPath, call, http, keepingConflict } from './http';

export type SaveSettingsResult =
  | { kind: 'saved'; settings: CondoSettings }
  | { kind: 'stale'; settings: CondoSettings; message: string };

export async function fetchCondoSettings(signal?: AbortSignal): Promise<CondoSettings> {
  return (await call(() => http.get(apiPath(CONDO_SETTINGS_PATHS.settings), { signal }), CondoSettingsAnswer)).settings;
}

export async function saveCondoSettings(request: SaveCondoSettingsRequest, signal?: AbortSignal): Promise<SaveSettingsResult> {
  const kept = keepingConflict(
    () => http.post(apiPath(CONDO_SETTINGS_PATHS.save), { json: request, signal }),
    CondoSettingsConflict,
  );
  try {
    return { kind: 'saved', settings: (await call(kept.send, CondoSettingsAnswer)).settings };
  } catch (error) {
    const conflict = kept.conflict();
    if (conflict) return { kind: 'stale', settings: conflict.settings, message: conflict.message };
    throw error;
  }
}

/** A new logo (a PNG, JPEG or WebP data URL), or none (null). */
export async function changeCondoLogo(dataUrl: string | null, signal?: AbortSignal): Promise<CondoSettings> {
  const request =
    dataUrl === null
      ? () => http.post(apiPath(CONDO_SETTINGS_PATHS.deleteLogo), { signal })
      : () => http.post(apiPath(CONDO_SETTINGS_PATHS.uploadLogo), { json: { dataUrl }, signal });
  return (await call(request, CondoSettingsAnswer)).settings;
}
