import { saveFile } from '@repo/ui';

/**
 * CSV (RFC 4180) for files the office opens in a spreadsheet. A cell a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return: OWASP's "CSV injection") is written with a leading apostrophe, so a
 * name typed somewhere as `=HYPERLINK(…)` stays text. A plain number ("-12.50") is data, not a formula, and is left
 * as it is, so a negative amount still adds up in the sheet.
 */
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export type CsvRow = readonly (string | number | null)[];

/** Rows of cells as one CSV text, lines ended with CRLF as RFC 4180 asks. */
export const toCsv = (rows: readonly CsvRow[]): string => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Offers `content` as a file download named `filename` (a CSV file, UTF-8). */
export function downloadCsv(filename: string, content: string): void {
  saveFile(new Blob([content], { type: 'text/csv;charset=utf-8' }), filename);
}
