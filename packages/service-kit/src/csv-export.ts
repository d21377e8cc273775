import { Readable } from 'node:stream';
import { z } from 'zod';
import { csvLine, dataExportFile, type CsvValue, type DataExportFileName } from '@repo/contracts';
import type { FastifyReply } from 'fastify';
import type { ServiceApp } from './service-app.ts';

/** Rows read a page at a time after the last id seen, so an export never holds a whole table in memory. */
async function* pagesById<Row extends { id: number }>(readPage: (afterId: number, limit: number) => Promise<Row[]>, pageSize = 500): AsyncGenerator<Row> {
  let afterId = 0;
  for (;;) {
    const page = await readPage(afterId, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** The OpenAPI shape of a CSV download (the body is text, not JSON). */
const csvResponseSchema = z.string().describe('A CSV file (RFC 4180, UTF-8), formula-escaped');

/**
 * Answers a CSV file streamed as its rows are read: the header line, then each row (contracts' `csvLine`, which
 * formula-escapes every cell). The client sees the download start at once; memory holds one page of rows.
 */
function sendCsv<Row>(reply: FastifyReply, fileName: string, header: readonly string[], rows: AsyncIterable<Row>, cells: (row: Row) => readonly CsvValue[]) {
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

export type TableExport<Row extends { id: number }> = {
  /** Which file of the owner's export (contracts' `dataExportFiles`): its path and name. */
  file: DataExportFileName;
  tags: string[];
  summary: string;
  description: string;
  header: readonly string[];
  /** Up to `limit` rows with an id above `afterId`, in id order. */
  readPage: (afterId: number, limit: number) => Promise<Row[]>;
  cells: (row: Row) => readonly CsvValue[];
};

/** A table of the owner's full export: an administrators-only GET (checked before anything is read) streaming it as CSV. */
export function tableExportRoute<Row extends { id: number }>(app: ServiceApp, table: TableExport<Row>): void {
  const { path, file } = dataExportFile(table.file);
  app.get(path, {
    onRequest: app.requireRole('admin'),
    schema: { tags: table.tags, summary: table.summary, description: `${table.description} Streamed a page at a time; every cell formula-escaped.`, response: { 200: csvResponseSchema } },
  }, async (_request, reply) => sendCsv(reply, file, table.header, pagesById(table.readPage), table.cells));
}
