import { csvLine, type CsvValue } from '@repo/contracts';
import { saveFile } from '@repo/ui';

export { csvCell } from '@repo/contracts';

export type CsvRow = readonly CsvValue[];

/** Rows of cells as one CSV text (contracts' `csvCell`: formula-escaped), lines ended with CRLF as RFC 4180 asks. */
export const toCsv = (rows: readonly CsvRow[]): string => rows.map(csvLine).join('');

/** Offers `content` as a file download named `filename` (a CSV file, UTF-8). */
export function downloadCsv(filename: string, content: string): void {
  saveFile(new Blob([content], { type: 'text/csv;charset=utf-8' }), filename);
}
