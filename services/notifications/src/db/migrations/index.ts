import type { Migration } from 'kysely';
import * as messages from './2026-12-10T0000-messages.ts';

export const migrations: Record<string, Migration> = {
  '2026-12-10T0000-messages': messages,
};
