// Browser side of official notices with read receipts (src/api/noticeReads.ts, issue 30): "Enterado", marking a
// notice important, how far it reached (a page of towers), who read it (a page of readers) and resending it to
// those who have not. Each answer is checked against the contract; refusals throw ApiError with the server's words.
import {
  AcknowledgeAnswer,
  ImportanceAnswer,
  NOTICE_READS_PATHS,
  ReachAnswer,
  type ReaderFilter,
  ReadersAnswer,
  ResendAnswer,
} from '../api/noticeReads';
import { apiPath, call, http } from './http';

export async function acknowledgeNotice(postId: number, signal?: AbortSignal): Promise<string> {
  return (await call(() => http.post(apiPath(NOTICE_READS_PATHS.acknowledge), { json: { postId }, signal }), AcknowledgeAnswer))
    .acknowledgedAt;
}

export async function setNoticeImportance(
  request: { postId: number; important: boolean },
  signal?: AbortSignal,
): Promise<boolean> {
  return (await call(() => http.post(apiPath(NOTICE_READS_PATHS.importance), { json: request, signal }), ImportanceAnswer))
    .important;
}

export function fetchNoticeReach(
  request: { postId: number; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<ReachAnswer> {
  const searchParams = { limit: request.limit, offset: request.offset };
  return call(() => http.get(apiPath(NOTICE_READS_PATHS.reach(request.postId)), { searchParams, signal }), ReachAnswer);
}

export function fetchNoticeReaders(
  request: { postId: number; limit: number; offset: number; filter: ReaderFilter },
  signal?: AbortSignal,
): Promise<ReadersAnswer> {
  const searchParams = { limit: request.limit, offset: request.offset, filter: request.filter };
  return call(() => http.get(apiPath(NOTICE_READS_PATHS.readers(request.postId)), { searchParams, signal }), ReadersAnswer);
}

export function resendNotice(postId: number, signal?: AbortSignal): Promise<ResendAnswer> {
  return call(() => http.post(apiPath(NOTICE_READS_PATHS.resend), { json: { postId }, signal }), ResendAnswer);
}
