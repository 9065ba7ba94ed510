// Browser side of the directories and mi-perfil's directory choices (src/api/directory.ts).
import {
  DIRECTORY_PATHS,
  type MyContact,
  MyContactAnswer,
  ResidentsAnswer,
  type ResidentsQuery,
  type SaveMyContactRequest,
  StaffAnswer,
  type StaffQuery,
} from '../api/directory';
import { apiPath, call, http } from './http';

const query = (params: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<
    string,
    string | number
  >;

export function fetchResidents(params: ResidentsQuery, signal?: AbortSignal): Promise<ResidentsAnswer> {
  return call(() => http.get(apiPath(DIRECTORY_PATHS.residents), { searchParams: query(params), signal }), ResidentsAnswer);
}

export function fetchStaff(params: StaffQuery, signal?: AbortSignal): Promise<StaffAnswer> {
  return call(() => http.get(apiPath(DIRECTORY_PATHS.staff), { searchParams: query(params), signal }), StaffAnswer);
}

export async function fetchMyContact(signal?: AbortSignal): Promise<MyContact> {
  return (await call(() => http.get(apiPath(DIRECTORY_PATHS.myContact), { signal }), MyContactAnswer)).contact;
}

export async function saveMyContact(request: SaveMyContactRequest, signal?: AbortSignal): Promise<MyContact> {
  return (await call(() => http.post(apiPath(DIRECTORY_PATHS.saveMyContact), { json: request, signal }), MyContactAnswer))
    .contact;
}
