// Browser side of the welcome timeline (src/api/timeline.ts): one page of what happened, newest first.
import { TIMELINE_PATHS, TimelineAnswer } from '../api/timeline';
import { apiPath, call, http } from './http';

export interface TimelinePage {
  limit: number;
  offset: number;
}

export async function fetchTimeline(page: TimelinePage, signal?: AbortSignal): Promise<TimelineAnswer> {
  return call(
    () =>
      http.get(apiPath(TIMELINE_PATHS.list), {
        searchParams: { limit: page.limit, offset: page.offset },
        signal,
      }),
    TimelineAnswer,
  );
}
