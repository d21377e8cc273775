import { business, reportLimits, type ReportGrouping } from '@repo/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** The business's own visits: imported history (pasted, or from a field-service system) is left out of the numbers. */
const ownVisit = (alias: string) => sql.raw(`${alias}.import_key is null and ${alias}.source_system is null`);
/** The first day of a visit date's week (Monday) or month, as 'YYYY-MM-DD'. */
const periodOf = (by: ReportGrouping, date: ReturnType<typeof sql>) => sql<string>`to_char(date_trunc(${sql.lit(by)}, ${date}), 'YYYY-MM-DD')`;

export type VisitCountsRow = { period: string; completed: number; cancelled: number; no_shows: number; completed_first_visit: number };

/**
 * Visits by their visit date, grouped by period in the database. A completed visit is a first-visit completion when
 * no other visit of the same customer (their account, or their email) for the same appliance, not cancelled, comes
 * after it within `reportLimits.firstVisitDays` days.
 */
export async function visitCountsByPeriod(db: Db, range: { from: string; to: string; by: ReportGrouping }): Promise<VisitCountsRow[]> {
  const result = await sql<VisitCountsRow>`
    select ${periodOf(range.by, sql`a.appointment_date`)} as period,
      count(*) filter (where a.status = 'completed')::int as completed,
      count(*) filter (where a.status = 'cancelled')::int as cancelled,
      count(*) filter (where a.status = 'no-show')::int as no_shows,
      count(*) filter (where a.status = 'completed' and not exists (
        select 1 from appointments later
        where later.id <> a.id and later.status <> 'cancelled' and ${ownVisit('later')}
          and later.appliance = a.appliance
          and (later.customer_id = a.customer_id or lower(later.email) = lower(a.email))
          and (later.appointment_date > a.appointment_date or (later.appointment_date = a.appointment_date and later.time_slot > a.time_slot))
          and later.appointment_date <= a.appointment_date + ${sql.lit(reportLimits.firstVisitDays)}
      ))::int as completed_first_visit
    from appointments a
    where a.appointment_date between ${range.from}::date and ${range.to}::date and ${ownVisit('a')}
    group by 1`.execute(db);
  return result.rows;
}

/** Bookings made in the range (business dates of `created_at`), grouped by period: only those that took a place. */
export async function bookingsByPeriod(db: Db, range: { start: Date; end: Date; by: ReportGrouping }): Promise<{ period: string; booked: number }[]> {
  const localDate = sql`(a.created_at at time zone ${sql.lit(business.timeZone)})::date`;
  const result = await sql<{ period: string; booked: number }>`
    select ${periodOf(range.by, localDate)} as period, count(*)::int as booked
    from appointments a
    where a.created_at >= ${range.start} and a.created_at < ${range.end} and a.holds_slot_place and ${ownVisit('a')}
    group by 1`.execute(db);
  return result.rows;
}

/** Completed visits per technician and period (the name from booking's replica of tracking's technicians). */
export async function completedByTechnician(db: Db, range: { from: string; to: string; by: ReportGrouping }) {
  const result = await sql<{ technician_id: string; name: string; period: string; visits: number }>`
    select a.technician_id, coalesce(t.name, a.technician_id) as name, ${periodOf(range.by, sql`a.appointment_date`)} as period, count(*)::int as visits
    from appointments a left join technicians t on t.id = a.technician_id
    where a.appointment_date between ${range.from}::date and ${range.to}::date and a.status = 'completed'
      and a.technician_id is not null and ${ownVisit('a')}
    group by 1, 2, 3
    order by 2, 1`.execute(db);
  return result.rows;
}
