// The communication home's counts (src/api/communicationHome.ts).
import { COMMUNICATION_HOME_PATHS, HomeSummaryAnswer } from '../api/communicationHome';
import { apiPath, call, http } from './http';

export function fetchHomeSummary(signal?: AbortSignal): Promise<HomeSummaryAnswer> {
  return call(() => http.get(apiPath(COMMUNICATION_HOME_PATHS.summary), { signal }), HomeSummaryAnswer);
}
