// Management control's summary (src/api/management.ts).
import { MANAGEMENT_PATHS, ManagementSummaryAnswer } from '../api/management';
import { apiPath, call, http } from './http';

export function fetchManagementSummary(signal?: AbortSignal): Promise<ManagementSummaryAnswer> {
  return call(() => http.get(apiPath(MANAGEMENT_PATHS.summary), { signal }), ManagementSummaryAnswer);
}
