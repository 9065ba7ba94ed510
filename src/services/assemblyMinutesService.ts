// Browser side of the minutes of assemblies (src/api/assemblyMinutes.ts) and the assemblies' settings
// (src/api/assemblies.ts ASSEMBLY_PATHS.settings, saveSettings). Every answer is checked against the contract;
// refusals come back as ApiError with the server's words.
import { HTTPError } from 'ky';
import { ASSEMBLY_PATHS, type AssemblySettings, AssemblySettingsAnswer } from '../api/assemblies';
import {
  actaPdfPath,
  CheckInAnswer,
  CheckInCodeAnswer,
  checkInPath,
  fileMinutesPath,
  MINUTES_PATHS,
  type MinutesAddendumRequest,
  MinutesBookAnswer,
  type MinutesCheck,
  MinutesCheckAnswer,
  type MinutesEntry,
  MinutesEntryAnswer,
  minutesAddendumPath,
  minutesCheckPath,
  myCheckInCodePath,
} from '../api/assemblyMinutes';
import type { AttachmentUpload } from '../api/uploads';
import { ApiError, apiPath, call, http } from './http';

export function fetchMinutesBook(signal?: AbortSignal): Promise<MinutesBookAnswer> {
  return call(() => http.get(apiPath(MINUTES_PATHS.book), { signal }), MinutesBookAnswer);
}

export async function checkMinutes(minutesId: number, signal?: AbortSignal): Promise<MinutesCheck> {
  return (await call(() => http.get(apiPath(minutesCheckPath(minutesId)), { signal }), MinutesCheckAnswer)).data;
}

export async function addAddendum(
  minutesId: number,
  request: MinutesAddendumRequest,
  signal?: AbortSignal,
): Promise<MinutesEntry> {
  const send = () => http.post(apiPath(minutesAddendumPath(minutesId)), { json: request, signal, timeout: 120_000 });
  return (await call(send, MinutesEntryAnswer)).data;
}

export async function fileSignedActa(assemblyId: number, file: AttachmentUpload, signal?: AbortSignal): Promise<MinutesEntry> {
  const send = () => http.post(apiPath(fileMinutesPath(assemblyId)), { json: { file }, signal, timeout: 120_000 });
  return (await call(send, MinutesEntryAnswer)).data;
}

/** The acta's PDF as a blob the view saves. */
export async function downloadActa(assemblyId: number, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(actaPdfPath(assemblyId)), { signal, timeout: 120_000 }).blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof HTTPError) throw new ApiError(error.response.status, 'HTTP', error.message);
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}

export function fetchMyCheckInCode(assemblyId: number, signal?: AbortSignal): Promise<CheckInCodeAnswer> {
  return call(() => http.get(apiPath(myCheckInCodePath(assemblyId)), { signal }), CheckInCodeAnswer);
}

export function checkInAtDoor(assemblyId: number, code: string, signal?: AbortSignal): Promise<CheckInAnswer> {
  return call(() => http.post(apiPath(checkInPath(assemblyId)), { json: { code }, signal }), CheckInAnswer);
}

export async function fetchAssemblySettings(signal?: AbortSignal): Promise<AssemblySettings> {
  return (await call(() => http.get(apiPath(ASSEMBLY_PATHS.settings), { signal }), AssemblySettingsAnswer)).data;
}

export async function saveAssemblySettings(settings: AssemblySettings, signal?: AbortSignal): Promise<AssemblySettings> {
  return (await call(() => http.post(apiPath(ASSEMBLY_PATHS.saveSettings), { json: settings, signal }), AssemblySettingsAnswer))
    .data;
}
