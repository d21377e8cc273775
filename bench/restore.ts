/**
 * `pnpm bench restore` (root, Docker's engine installed): docker-compose.yml as `pnpm test compose` builds and starts it
 * (scripts/compose-smoke.ts, run with COMPOSE_SMOKE_BENCH=restore: the same engine, images and stack, with the demo
 * data set, no smoke test), then, for the demo data set and again once BENCH_RESTORE_CUSTOMERS (default 50,000)
 * customers are added with their sign-ins, visits and invoices (scripts/bulk-customers.ts), as an owner would with
 * infra/backups.sh: a full backup, the database's volume removed, a restore. Measured: the databases' size, the backup's
 * time and size, and the restore's time from `infra/backups.sh restore` to pgBackRest's files in place, to every
 * container healthy and to every service answering through the gateway. Every table's row count (and content, but for
 * what serving requests changes) must be back, and a customer's and the office's views the same; anything else fails
 * the run.
 */
import type { RestoreCase, RestoreFigures } from '../scripts/compose-smoke.ts';
import { composeBenchFigures } from './compose-bench.ts';
import { publish } from './report.ts';

const { customers, writeSeconds, cases } = composeBenchFigures<RestoreFigures>('restore');

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const seconds = (value: number) => value.toFixed(1);
const rows = (restore: RestoreCase, table: string) => restore.rows[table] ?? 0;
const totalRows = (restore: RestoreCase, database?: string) =>
  Object.entries(restore.rows).filter(([table]) => !database || table.startsWith(`${database}:`)).reduce((sum, [, count]) => sum + count, 0);
/** Tables whose row count after the restore is the one before the backup. */
const backTables = (restore: RestoreCase) => Object.entries(restore.rows).filter(([table, count]) => restore.rowsAfter[table] === count).length;
const databases = ['accounts', 'booking', 'tracking', 'payments', 'notifications'];
/** The tables the added customers fill, by what they hold. */
const businessTables = [
  ['customers', 'accounts:customers'],
  ['sessions', 'accounts:sessions'],
  ['appointments', 'booking:appointments'],
  ['appointment history', 'booking:appointment_history'],
  ["payments' appointment copies", 'payments:appointments'],
  ['invoices', 'payments:invoices'],
  ['invoice lines', 'payments:invoice_lines'],
  ['payments', 'payments:payments'],
] as const;

await publish({
  id: 'restore',
  title: 'Backup and restore in compose: the demo data set and 50,000 customers',
  description:
    `docker-compose.yml on this machine's engine (every container and PostgreSQL share its cores), as infra/README.md has an ` +
    'owner restore a lost database: with the services stopped, a full backup (`infra/backups.sh backup full`, pgBackRest, lz4); the ' +
    "postgres containers and the database's volume removed; `infra/backups.sh restore` (pgBackRest's restore, then `up -d`: " +
    'postgres replays the archived WAL, the migrate steps run, the services and the gateway start). Restore times run from that ' +
    'command to pgBackRest having the files in place, to every container healthy, and to every service answering through the ' +
    `gateway. The second data set adds ${customers.toLocaleString('en-US')} customers to the first (written in ${seconds(writeSeconds)} s ` +
    'with generate_series and COPY): sign-ins and sessions in accounts, past visits with their history in booking, the visits, ' +
    'invoices, lines and card payments in payments. Every table of every database was counted and digested before the backup ' +
    'and after the restore.',
  tables: [
    {
      title: 'Backup and restore',
      columns: ['data set', 'databases MB', 'backup of MB', 'in repository MB', 'backup s', "pgBackRest's backup s", 'restore: files s', 'every container healthy s', 'every service answering s'],
      numeric: [false, true, true, true, true, true, true, true, true],
      rows: cases.map((restore) => [
        restore.name, mb(restore.clusterBytes), mb(restore.backupBytes), mb(restore.backupRepositoryBytes), seconds(restore.backupSeconds),
        restore.backupPgBackRestSeconds, seconds(restore.restoreFilesSeconds), seconds(restore.healthySeconds), seconds(restore.answeringSeconds),
      ]),
    },
    {
      title: 'Rows before the backup, all back after the restore',
      columns: ['data set', ...businessTables.map(([name]) => name), ...databases.map((database) => `${database} (all tables)`)],
      numeric: [false, ...businessTables.map(() => true), ...databases.map(() => true)],
      rows: cases.map((restore) => [restore.name, ...businessTables.map(([, table]) => rows(restore, table)), ...databases.map((database) => totalRows(restore, database))]),
    },
    {
      title: 'Size of each database (MB)',
      columns: ['data set', ...databases, 'postgres'],
      numeric: [false, ...databases.map(() => true), true],
      rows: cases.map((restore) => [restore.name, ...[...databases, 'postgres'].map((database) => mb(restore.databases[database] ?? 0))]),
    },
    {
      title: 'Seen through the gateway before the backup and after the restore',
      columns: ['data set', 'customer', 'their visits', 'their invoices', "the office's invoices"],
      numeric: [false, false, true, true, true],
      rows: cases.map((restore) => [restore.name, restore.customer.email, restore.customer.visits, restore.customer.invoices, restore.staffInvoices]),
    },
  ],
  targets: cases.flatMap((restore) => [
    {
      name: `${restore.name}: rows back after the restore`,
      measured: `${backTables(restore)} of ${Object.keys(restore.rows).length} tables (${totalRows(restore).toLocaleString('en-US')} rows)`,
      goal: 'all',
      met: backTables(restore) === Object.keys(restore.rows).length && Object.keys(restore.rowsAfter).length === Object.keys(restore.rows).length,
    },
    { name: `${restore.name}: restore to every service answering`, measured: `${seconds(restore.answeringSeconds)} s`, goal: 'reported (2 cores)', met: true },
  ]),
  figures: { customers, writeSeconds, cases },
});
