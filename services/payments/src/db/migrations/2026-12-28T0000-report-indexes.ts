import { sql, type Kysely } from 'kysely';

/**
 * The owner's numbers (issue #27) sum money by when it moved: payments by when they succeeded, refunds by when they
 * went through, open invoices by when they were sent. Partial indexes keep each a range scan over the rows it counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index payments_succeeded_at_idx on payments ((coalesce(status_changed_at, updated_at))) where status = 'succeeded'`.execute(db);
  await sql`create index refunds_succeeded_at_idx on refunds (updated_at) where status = 'succeeded'`.execute(db);
  await sql`create index invoices_open_sent_at_idx on invoices (sent_at) where status in ('sent', 'partially_paid')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index invoices_open_sent_at_idx`.execute(db);
  await sql`drop index refunds_succeeded_at_idx`.execute(db);
  await sql`drop index payments_succeeded_at_idx`.execute(db);
}
