/** The Intl formatters `formatter` makes, by kind. */
type Formatters = {
  date: [Intl.DateTimeFormatOptions, Intl.DateTimeFormat];
  number: [Intl.NumberFormatOptions, Intl.NumberFormat];
};
export type FormatterKind = keyof Formatters;

const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * The Intl formatter of `kind` for `options` and `locale` (US English unless given), made on first use and kept:
 * making one loads the browser's locale data, and one in a named time zone that zone's data too, which costs a slow
 * phone tens of milliseconds, so a page pays it only when it first shows such a value, and only once.
 */
export function formatter<Kind extends FormatterKind>(kind: Kind, options: Formatters[Kind][0] = {}, locale = 'en-US'): Formatters[Kind][1] {
  // The options are flat, so their sorted keys make one key for the same options written in any order.
  const key = `${kind} ${locale} ${JSON.stringify(options, Object.keys(options).sort())}`;
  let cached = made.get(key);
  if (!cached) {
    cached = kind === 'date' ? new Intl.DateTimeFormat(locale, options) : new Intl.NumberFormat(locale, options);
    made.set(key, cached);
  }
  return cached as Formatters[Kind][1];
}
