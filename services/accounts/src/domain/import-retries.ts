import type { FieldServiceError } from '@repo/field-service';

/**
 * A page the system failed for a passing reason (it is down, slow or limiting: the connector already retried each
 * request) is tried once more by its queue job, a few seconds later (pg-boss's backoff), before the import ends
 * failed; the back office shows it waiting meanwhile. Refused credentials or an unreadable answer need a person, so
 * they end the import at once.
 */
export const importPageAttempts = 2;

export const passingFailure = (error: FieldServiceError) => error.kind === 'unavailable' || error.kind === 'rate-limited';
