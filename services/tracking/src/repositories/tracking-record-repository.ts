import { sql, type Insertable } from 'kysely';
import type { TrackingNotification, TrackingStatus } from '@repo/contracts';
import type { Db, TrackingRecordsTable, Trx } from '../db/schema.ts';

/** Statuses of a job under way: the technician is busy while one of theirs is in one of them. */
export const underWayStatuses: readonly TrackingStatus[] = ['en-route', 'arrived', 'in-progress'];

/** Locks the appointment's tracking record until the transaction ends. */
export const findRecordForUpdate = (trx: Trx, appointmentId: number) =>
  trx.selectFrom('tracking_records').selectAll().where('appointment_id', '=', appointmentId).forUpdate().executeTakeFirst();

/** The business date of a record's appointment (every record has its snapshot). */
export const findSnapshotDate = (db: Db, appointmentId: number) =>
  db.selectFrom('appointment_snapshots').select('scheduled_date').where('appointment_id', '=', appointmentId).executeTakeFirstOrThrow();

/** The office lets the technician move the job on `day`, though it is dated another; the record as it now is. */
export const allowStartOn = (trx: Trx, appointmentId: number, day: string, by: string, at: Date) =>
  trx.updateTable('tracking_records').set({ start_allowed_on: day, start_allowed_by: by, updated_at: at }).where('appointment_id', '=', appointmentId).execute();

export const insertRecord = (db: Db, values: Insertable<TrackingRecordsTable>) => db.insertInto('tracking_records').values(values).execute();

export type RecordChange = {
  technician_id: string;
  status: TrackingStatus;
  actual_arrival: Date | null;
  closed_at: Date | null;
  close_reason: TrackingRecordsTable['close_reason'];
  updated_at: Date;
  /** Null when a trip starts (it has not been found late yet); left as it is when absent. */
  running_late_at?: null;
};

/** Sets the record's state and appends `add` to its notifications. */
export const updateRecord = (db: Db, appointmentId: number, change: RecordChange, add: TrackingNotification[]) =>
  db.updateTable('tracking_records')
    .set({ ...change, notifications: sql<string>`notifications || ${JSON.stringify(add)}::jsonb` })
    .where('appointment_id', '=', appointmentId)
    .execute();

/**
 * Marks the job's trip late, if it is still en route, open and not marked yet: true when this call marked it. The
 * condition is checked on the row as it stands when the update gets its lock, so of two transactions finding the same
 * trip late (two positions reported at once) only one marks it, and only that one tells the customer.
 */
export async function markRunningLate(trx: Trx, appointmentId: number, at: Date): Promise<boolean> {
  const marked = await trx.updateTable('tracking_records')
    .set({ running_late_at: at })
    .where('appointment_id', '=', appointmentId).where('status', '=', 'en-route').where('closed_at', 'is', null).where('running_late_at', 'is', null)
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n;
}

/** Whether the technician has a job under way (open, and en route, arrived or in progress). */
export async function hasJobUnderWay(db: Db, technicianId: string): Promise<boolean> {
  const row = await db.selectFrom('tracking_records').select('appointment_id')
    .where('technician_id', '=', technicianId).where('closed_at', 'is', null).where('status', 'in', underWayStatuses)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A record with what it is shown with: its appointment's snapshot, its technician's position and its last road answer. */
const views = (db: Db) =>
  db.selectFrom('tracking_records as r')
    .innerJoin('appointment_snapshots as s', 's.appointment_id', 'r.appointment_id')
    .innerJoin('technicians as t', 't.id', 'r.technician_id')
    .leftJoin('road_estimates as e', 'e.appointment_id', 'r.appointment_id')
    .select([
      'r.appointment_id', 'r.technician_id', 'r.status', 'r.actual_arrival', 'r.notifications', 'r.closed_at', 'r.close_reason', 'r.updated_at', 'r.running_late_at',
      'r.start_allowed_on', 'r.start_allowed_by', 's.scheduled_date',
      's.customer_id', 's.customer_name', 's.phone', 's.starts_at', 's.ends_at', 's.address', 's.city', 's.state', 's.zip_code',
      's.service_type', 's.appliance', 's.brand', 's.customer_lat', 's.customer_lng', 's.customer_precision',
      't.lat', 't.lng', 't.location_address', 't.location_updated_at',
      'e.from_lat', 'e.from_lng', 'e.to_lat', 'e.to_lng', 'e.distance_m', 'e.duration_s', 'e.asked_at',
    ]);

export type TrackingView = Awaited<ReturnType<ReturnType<typeof views>['executeTakeFirstOrThrow']>>;

export const findView = (db: Db, appointmentId: number): Promise<TrackingView | undefined> =>
  views(db).where('r.appointment_id', '=', appointmentId).executeTakeFirst();

export type ActiveFilters = { customerId?: number; technicianId?: string; date?: string; page: number; pageSize: number };

/** Active records (neither closed nor completed) in schedule order: one page and the count of all. */
export async function findActivePage(db: Db, filters: ActiveFilters): Promise<{ rows: TrackingView[]; total: number }> {
  let query = views(db).where('r.closed_at', 'is', null).where('r.status', '<>', 'completed');
  if (filters.customerId !== undefined) query = query.where('s.customer_id', '=', filters.customerId);
  if (filters.technicianId !== undefined) query = query.where('r.technician_id', '=', filters.technicianId);
  if (filters.date) query = query.where('s.scheduled_date', '=', filters.date);
  const [rows, count] = await Promise.all([
    query.orderBy('s.starts_at').orderBy('r.appointment_id').limit(filters.pageSize).offset((filters.page - 1) * filters.pageSize).execute(),
    query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The open record of this technician for an appointment of this customer, if any. */
export const findOpenRecordOfCustomer = (db: Db, technicianId: string, customerId: number) =>
  db.selectFrom('tracking_records as r')
    .innerJoin('appointment_snapshots as s', 's.appointment_id', 'r.appointment_id')
    .select(['r.appointment_id', 'r.status'])
    .where('r.technician_id', '=', technicianId).where('r.closed_at', 'is', null).where('s.customer_id', '=', customerId)
    // The job the technician is on the way to first, then one still open before a completed one: only a job en route
    // shows where the technician is.
    .orderBy(sql`r.status = 'en-route'`, 'desc').orderBy(sql`r.status = 'completed'`).limit(1)
    .executeTakeFirst();

/** The appointment's tracking record as stored, or undefined. */
export const findRecord = (db: Db, appointmentId: number) =>
  db.selectFrom('tracking_records').selectAll().where('appointment_id', '=', appointmentId).executeTakeFirst();

/** Who a record lets follow it: the technician it names (and whether they were taken off it), and the appointment's owner. */
export const findFollowFacts = (db: Db, appointmentId: number) =>
  db.selectFrom('tracking_records as r')
    .innerJoin('appointment_snapshots as s', 's.appointment_id', 'r.appointment_id')
    .select(['r.technician_id', 'r.close_reason', 's.customer_id'])
    .where('r.appointment_id', '=', appointmentId)
    .executeTakeFirst();

/**
 * The appointments of the technician's open jobs they are on the way to: the trips a position extends, and the only
 * subscribers (beside staff) who hear of it.
 */
export const appointmentsEnRouteOf = async (db: Db, technicianId: string): Promise<number[]> => {
  const rows = await db.selectFrom('tracking_records').select('appointment_id')
    .where('technician_id', '=', technicianId).where('closed_at', 'is', null).where('status', '=', 'en-route')
    .execute();
  return rows.map((row) => row.appointment_id);
};

/** A technician's jobs on a business date that are still theirs (not closed), in schedule order. */
export const findJobsOfDay = (db: Db, technicianId: string, date: string): Promise<TrackingView[]> =>
  views(db).where('r.technician_id', '=', technicianId).where('r.closed_at', 'is', null).where('s.scheduled_date', '=', date)
    .orderBy('s.starts_at').orderBy('r.appointment_id')
    .execute();

/**
 * The technician's job to drive to (the embedded demo): open, not yet reached, with the customer placed on the map.
 * A job on `date` first, one already en route before one dispatched, then the nearest in time to `now`.
 */
export const findJobToDriveTo = (db: Db, technicianId: string, date: string, now: Date) =>
  db.selectFrom('tracking_records as r')
    .innerJoin('appointment_snapshots as s', 's.appointment_id', 'r.appointment_id')
    .select(['r.appointment_id', 'r.status', 's.customer_lat', 's.customer_lng', 's.city'])
    .where('r.technician_id', '=', technicianId).where('r.closed_at', 'is', null).where('r.status', 'in', ['dispatched', 'en-route'])
    .where('s.customer_lat', 'is not', null).where('s.customer_lng', 'is not', null)
    .orderBy(sql`s.scheduled_date = ${date}::date`, 'desc')
    .orderBy(sql`r.status = 'en-route'`, 'desc')
    .orderBy(sql`abs(extract(epoch from s.starts_at - ${now}::timestamptz))`)
    .orderBy('r.appointment_id')
    .limit(1)
    .executeTakeFirst();
