import type { OnConflictBuilder } from 'kysely';
import type { BookingDatabase } from '../db/schema.ts';

/**
 * What makes an imported row the same as one a customer already has: pasted history by `import_key` (a hash of its
 * content), history from a field-service system by `source_system` and `external_id` (the visit there).
 */
export type ImportIdentity = 'content' | 'source';

/** The columns that carry an imported row's identity. */
export type ImportedRowIdentity = { import_key: string } | { source_system: string; external_id: string };

/** An imported row: always a customer's, with the columns of its identity set. */
export type ImportedRow<T> = T & { customer_id: number } & ImportedRowIdentity;

/** ON CONFLICT on the identity's unique index (both are per customer), doing nothing. */
export function skipKnownImports<T extends 'appointments' | 'service_requests'>(oc: OnConflictBuilder<BookingDatabase, T>, key: ImportIdentity) {
  return key === 'content'
    ? oc.columns(['customer_id', 'import_key']).doNothing()
    : oc.columns(['customer_id', 'source_system', 'external_id']).where('source_system', 'is not', null).doNothing();
}
