/**
 * Error helpers that work for `pg` (DatabaseError) and PGlite errors alike:
 * both carry the SQLSTATE in `code` and, for constraint errors, `constraint`.
 * Wrapped errors are unwrapped through `cause`.
 */

const UNIQUE_VIOLATION = '23505';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

type PgLikeError = { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown; cause?: unknown };

/** The first error in the `cause` chain that carries a SQLSTATE `code`. */
function findPgError(err: unknown): PgLikeError | undefined {
  let current = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** SQLSTATE of a database error (e.g. '23505'), if any. */
export function sqlState(err: unknown): string | undefined {
  return findPgError(err)?.code as string | undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === UNIQUE_VIOLATION;
}

/** Name of the violated unique constraint/index, e.g. 'users_email_key'. */
export function uniqueViolationConstraint(err: unknown): string | undefined {
  const pgErr = findPgError(err);
  if (pgErr?.code !== UNIQUE_VIOLATION) return undefined;
  if (typeof pgErr.constraint === 'string' && pgErr.constraint !== '') return pgErr.constraint;
  // Fallback for drivers that only give the text: ... violates unique constraint "name"
  const text = typeof pgErr.message === 'string' ? pgErr.message : '';
  return /unique constraint "((?:[^"]|"")+)"/.exec(text)?.[1]?.replaceAll('""', '"');
}

/** Serializable/repeatable-read conflict: the whole transaction may be retried. */
export function isSerializationFailure(err: unknown): boolean {
  return sqlState(err) === SERIALIZATION_FAILURE;
}

/** Serialization failure or deadlock: both are safe to retry as a whole transaction. */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = sqlState(err);
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
}

/**
 * SQLSTATEs that mean the server went away or cannot take the connection now, not that the statement was wrong:
 * admin/crash shutdown, cannot connect now, and every connection slot taken (53300, "sorry, too many clients
 * already"): a retry a moment later goes through.
 */
const CONNECTION_LOST_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a database connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What `pg` says (without a code) when a connection ends under a query, times out connecting, or is already broken. */
const CONNECTION_MESSAGES = [/connection terminated/i, /not queryable/i, /connection (?:timeout|ended)/i, /timeout exceeded when trying to connect/i];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * The database cannot be reached right now (it is down, restarting, or cut the connection), as opposed to refusing a
 * statement: SQLSTATE class 08 and 57P01/57P02/57P03, socket errors such as ECONNREFUSED and ECONNRESET, and `pg`'s
 * "Connection terminated" errors. Looks through `cause` chains and AggregateErrors (a refused connection to a host with
 * several addresses). The request can be retried shortly.
 */
export function isConnectionError(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (current: unknown, depth: number): boolean => {
    if (depth > 5 || typeof current !== 'object' || current === null || seen.has(current)) return false;
    seen.add(current);
    const candidate = current as ErrorLike;
    if (typeof candidate.code === 'string') {
      if (/^08[0-9A-Z]{3}$/.test(candidate.code) || CONNECTION_LOST_STATES.has(candidate.code) || CONNECTION_ERROR_CODES.has(candidate.code)) return true;
    }
    if (typeof candidate.message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => visit(inner, depth + 1))) return true;
    return visit(candidate.cause, depth + 1);
  };
  return visit(err, 0);
}
