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
