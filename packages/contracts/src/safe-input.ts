import { z } from 'zod';

/* ---------------------------------------------------------------------------------------------------------------
 * Input that no route may take, whatever its schema (issue 16): text PostgreSQL cannot store, and ids read loosely.
 * ------------------------------------------------------------------------------------------------------------- */

/** The largest value of a PostgreSQL `integer` (a `serial` id column). */
export const maxRowId = 2_147_483_647;

/**
 * A row id in a path or query, still text as the URL carries it: decimal digits only (no sign, space, hex, exponent
 * or leading zero) within the id column's range, so `%201`, `0x10`, `1e3`, `-1` or `2147483648` name no row and never
 * reach the database. A malformed id is a 400 naming the field; a well-formed one that names no row is the route's 404.
 */
export const rowIdSchema = (label: string) => {
  const message = `${label} must be a whole number from 1 to ${maxRowId}`;
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= maxRowId, message);
};

export const unsafeTextMessages = {
  nul: 'Remove the NUL character (U+0000): it cannot be stored',
  brokenCharacter: 'Retype this text: it holds a broken character (a lone UTF-16 surrogate)',
} as const;

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unsafeTextMessage(text: string): string | undefined {
  if (text.includes('\u0000')) return unsafeTextMessages.nul;
  if (loneSurrogate.test(text)) return unsafeTextMessages.brokenCharacter;
  return undefined;
}

export type UnsafeText = { path: string[]; message: string };

/**
 * The first string (or object key) in a parsed body, query or path that holds a NUL or a lone surrogate, with where it
 * is. PostgreSQL text cannot hold NUL and UTF-8 cannot carry a lone surrogate, so such text is refused with a 400
 * rather than quietly changed: nobody types either, and a changed value is not what the caller sent.
 */
export function findUnsafeText(value: unknown): UnsafeText | undefined {
  // A walk with its own stack, each entry pointing at its parent: a deeply nested body must neither overflow the call
  // stack nor copy its path at every level.
  type Entry = { value: unknown; key?: string; parent?: Entry };
  const pathOf = (entry: Entry | undefined): string[] => {
    const path: string[] = [];
    for (let at = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Entry[] = [{ value }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const item = entry.value;
    if (typeof item === 'string') {
      const message = unsafeTextMessage(item);
      if (message) return { path: pathOf(entry), message };
    } else if (typeof item === 'object' && item !== null && !ArrayBuffer.isView(item)) {
      // Reversed onto the stack, so the first unsafe text in document order is the one named.
      for (const [key, child] of Object.entries(item).reverse()) {
        const keyMessage = unsafeTextMessage(key);
        if (keyMessage) return { path: pathOf(entry), message: keyMessage };
        pending.push({ value: child, key, parent: entry });
      }
    }
  }
  return undefined;
}

/**
 * A number in a query string (page, pageSize), read strictly: only plain decimal text becomes a number (a sign and a
 * fraction are kept, so `schema` answers them with its own range and whole-number messages), while `0x10`, `1e3`,
 * ` 1`, `Infinity` or an empty value are not numbers at all, where `z.coerce` would read 16, 1000, 1, Infinity and 0.
 */
export const strictQueryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? (/^-?\d{1,15}(\.\d{1,15})?$/.test(value) ? Number(value) : Number.NaN) : value), schema);
