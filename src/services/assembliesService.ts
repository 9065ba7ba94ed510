// Browser side of assemblies (src/api/assemblies.ts). Every answer is checked against the contract; refusals come
// back as ApiError, and a 409 that carries the assembly as it is now (opening below the quorum, a stale version, a
// state that no longer allows it) resolves as a 'conflict' result: the screen shows the fresh assembly and the words.
import { HTTPError } from 'ky';
import {
  ASSEMBLY_PATHS,
  AssembliesAnswer,
  type Assembly,
  AssemblyAnswer,
  type AssemblyChangeRequest,
  AssemblyConflictAnswer,
  type AssemblyDraft,
  type AttendanceRequest,
  assemblyAttendancePath,
  assemblyChangePath,
  assemblyConfirmPath,
  assemblyPath,
  assemblyPdfPath,
  type ConfirmAnswer,
} from '../api/assemblies';
import { ApiError, apiPath, call, http, keepingConflict } from './http';

export type AssemblyResult = { kind: 'changed'; assembly: Assembly } | { kind: 'conflict'; message: string; assembly: Assembly };

export function fetchAssemblies(signal?: AbortSignal): Promise<AssembliesAnswer> {
  return call(() => http.get(apiPath(ASSEMBLY_PATHS.list), { signal }), AssembliesAnswer);
}

export async function fetchAssembly(id: number, signal?: AbortSignal): Promise<Assembly> {
  return (await call(() => http.get(apiPath(assemblyPath(id)), { signal }), AssemblyAnswer)).data;
}

export async function createAssembly(draft: AssemblyDraft, signal?: AbortSignal): Promise<Assembly> {
  return (await call(() => http.post(apiPath(ASSEMBLY_PATHS.create), { json: draft, signal }), AssemblyAnswer)).data;
}

/** A POST that answers the assembly, a 409 kept as a 'conflict' result. */
async function keeping(path: string, json: object, signal?: AbortSignal): Promise<AssemblyResult> {
  const kept = keepingConflict(() => http.post(apiPath(path), { json, signal, timeout: 60_000 }), AssemblyConflictAnswer);
  try {
    return { kind: 'changed', assembly: (await call(kept.send, AssemblyAnswer)).data };
  } catch (error) {
    const known = kept.conflict();
    if (known) return { kind: 'conflict', message: known.message, assembly: known.assembly };
    throw error;
  }
}

export const changeAssembly = (id: number, request: AssemblyChangeRequest, signal?: AbortSignal) =>
  keeping(assemblyChangePath(id), request, signal);

export const confirmAssembly = (id: number, answer: ConfirmAnswer, signal?: AbortSignal) =>
  keeping(assemblyConfirmPath(id), { answer }, signal);

export const recordAttendance = (id: number, request: AttendanceRequest, signal?: AbortSignal) =>
  keeping(assemblyAttendancePath(id), request, signal);

/** The call's PDF as a blob the view saves. */
export async function downloadCallPdf(id: number, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(assemblyPdfPath(id)), { signal, timeout: 120_000 }).blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof HTTPError) throw new ApiError(error.response.status, 'HTTP', error.message);
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}
