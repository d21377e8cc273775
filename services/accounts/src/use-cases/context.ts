import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db/schema.ts';

/** What accounts' use cases work with; built once per service instance. */
export type AccountsContext = { db: Kysely<AccountsDatabase>; now: () => Date };
