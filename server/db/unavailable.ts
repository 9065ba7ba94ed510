// "The database cannot be asked right now" as one error type: the PostgreSQL pool (postgresPool.ts) turns
// every failure to reach PostgreSQL into DatabaseUnavailableError, and the error handler answers it with
// 503 DATABASE_UNAVAILABLE and Retry-After. Anything else the database says (a constraint, a syntax error)
// stays what it is. SQLite is a file in this process: none of its errors are unavailability (decisions.md).

export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';

  constructor(cause: unknown) {
    super(`the database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * SQLSTATEs that mean the session is gone or could not start: class 08 (connection exception), 57P01
 * admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, in recovery), 57P05 idle_session_timeout, 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1235]|53300)$/;

/** What the socket says when the network or the server goes away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg's own errors carry no code, only these messages (pg 8.x, pg-pool 3.x): the socket ended ("Connection
 * terminated unexpectedly", "Connection terminated due to connection timeout"), a client already broken
 * ("… is not queryable"), our query_timeout ("Query read timeout"), the pool's connectionTimeoutMillis
 * while waiting for a free client ("timeout exceeded when trying to connect").
 */
const PG_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
];

/** Whether a failure of pg (or of the socket under it) means PostgreSQL cannot be reached right now. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || NETWORK_CODES.has(code))) return true;
  if (PG_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // A connect timeout wraps the socket's error; an AggregateError (a host with several addresses) holds one each.
  if (error.cause !== undefined && error.cause !== error && isConnectionFailure(error.cause)) return true;
  return error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isConnectionFailure);
}
