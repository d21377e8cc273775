import pg from 'pg';

/**
 * One set of text-format parsers used by BOTH drivers, so a row reads the same
 * on `pg` and on PGlite:
 *
 * | type                   | JS value                                              |
 * | ---------------------- | ----------------------------------------------------- |
 * | timestamptz            | Date                                                  |
 * | timestamp (no tz)      | Date, the wall-clock value read as UTC                |
 * | date                   | 'YYYY-MM-DD' string (no timezone shifting)            |
 * | int8 (bigint, count(*))| number; beyond 2^53 precision is lost (use numeric)   |
 * | numeric                | string (exact)                                        |
 * | interval               | string as Postgres prints it, e.g. '1 day 02:00:00'   |
 * | arrays of the above    | arrays of the same                                    |
 *
 * 'infinity'/'-infinity' timestamps become ±Infinity (pg's own behaviour).
 * Both sessions also run with TimeZone=UTC (pg: set per connection, PGlite: default GMT),
 * so casts like `now()::date` agree too.
 * Not aligned: bytea is a Buffer on pg and a Uint8Array on PGlite (Buffer is a subclass).
 */

export const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  INTERVAL: 1186,
  INT8_ARRAY: 1016,
  NUMERIC_ARRAY: 1231,
  DATE_ARRAY: 1182,
  TIMESTAMP_ARRAY: 1115,
  TIMESTAMPTZ_ARRAY: 1185,
  INTERVAL_ARRAY: 1187,
} as const;

type TextParser = (value: string) => unknown;

// Captured at load time so a later global pg.types.setTypeParser cannot change it.
const parseTimestamptz = pg.types.getTypeParser(OID.TIMESTAMPTZ, 'text') as (value: string) => Date | number;

const parseTimestampAsUtc: TextParser = (value) => {
  if (value === 'infinity' || value === '-infinity') return parseTimestamptz(value);
  // Add an explicit UTC zone so the parser does not fall back to the process timezone.
  return parseTimestamptz(value.endsWith(' BC') ? `${value.slice(0, -3)}Z BC` : `${value}Z`);
};

const identity: TextParser = (value) => value;

// pg-types 2 (what pg 8 ships) exposes `arrayParser.create(...).parse()`, its typings the v4 function form.
type ArrayParserModule = ((source: string, transform: TextParser) => unknown[]) & {
  create?: (source: string, transform: TextParser) => { parse(): unknown[] };
};
const arrayParser = pg.types.arrayParser as unknown as ArrayParserModule;

const arrayOf =
  (element: TextParser): TextParser =>
  (value) =>
    arrayParser.create ? arrayParser.create(value, element).parse() : arrayParser(value, element);

export const textParsers: Readonly<Record<number, TextParser>> = {
  [OID.INT8]: Number,
  [OID.NUMERIC]: identity,
  [OID.DATE]: identity,
  [OID.TIMESTAMP]: parseTimestampAsUtc,
  [OID.TIMESTAMPTZ]: parseTimestamptz,
  [OID.INTERVAL]: identity,
  [OID.INT8_ARRAY]: arrayOf(Number),
  [OID.NUMERIC_ARRAY]: arrayOf(identity),
  [OID.DATE_ARRAY]: arrayOf(identity),
  [OID.TIMESTAMP_ARRAY]: arrayOf(parseTimestampAsUtc),
  [OID.TIMESTAMPTZ_ARRAY]: arrayOf(parseTimestamptz),
  [OID.INTERVAL_ARRAY]: arrayOf(identity),
};

// PGlite 0.3's own array parser feeds NULL elements to the element parser as the
// text 'NULL' (text[] gets 'NULL' strings, int8[]/jsonb[] with a NULL throw), and it
// rebuilds array parsers at startup, overriding the `parsers` option. So the
// dialect passes these per query: array OID -> element OID, parsed like pg does.
const PGLITE_ARRAY_ELEMENTS: Readonly<Record<number, number>> = {
  1000: 16, // bool
  1002: 18, // char
  1005: 21, // int2
  1007: 23, // int4
  1009: 25, // text
  1014: 1042, // bpchar
  1015: 1043, // varchar
  1021: 700, // float4
  1022: 701, // float8
  1028: 26, // oid
  1183: 1083, // time
  2951: 2950, // uuid
  199: 114, // json
  3807: 3802, // jsonb
};

/** PGlite parsers (scalars and arrays) giving the same values as `pgTypes`. */
export const pgliteParsers: Readonly<Record<number, TextParser>> = {
  ...Object.fromEntries(
    Object.entries(PGLITE_ARRAY_ELEMENTS).map(([arrayOid, elementOid]) => [
      arrayOid,
      arrayOf(pg.types.getTypeParser(elementOid, 'text') as TextParser),
    ]),
  ),
  ...textParsers,
};

/** Per-pool `types` for pg (pg.types.setTypeParser would be process-global). */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      const parser = textParsers[oid];
      if (parser) return parser;
    }
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
