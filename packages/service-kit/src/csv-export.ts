import { Readable } from 'node:stream';
import { z } from 'zod';
import { csvLine, type CsvValue } from '@repo/contracts';
import type { FastifyReply } from 'fastify';

/** Rows read a page at a time after the last id seen, so an export never holds a whole table in memory. */
export async function* pagesById<Row extends { id: number }>(readPage: (afterId: number, limit: number) => Promise<Row[]>, pageSize = 500): AsyncGenerator<Row> {
  let afterId = 0;
  for (;;) {
    const page = await readPage(afterId, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** The OpenAPI shape of a CSV download (the body is text, not JSON). */
export const csvResponseSchema = z.string().describe('A CSV file (RFC 4180, UTF-8), formula-escaped');

/**
 * Answers a CSV file streamed as its rows are read: the header line, then each row (contracts' `csvLine`, which
 * formula-escapes every cell). The client sees the download start at once; memory holds one page of rows.
 */
export function sendCsv<Row>(reply: FastifyReply, fileName: string, header: readonly string[], rows: AsyncIterable<Row>, cells: (row: Row) => readonly CsvValue[]) {
  async function* lines() {
    yield csvLine(header);
    for await (const row of rows) yield csvLine(cells(row));
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
