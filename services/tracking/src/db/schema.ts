import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { CustomerLocationPrecision, TrackingCloseReason, TrackingNotification, TrackingStatus, WorkingDay } from '@repo/contracts';

export type TechniciansTable = {
  id: string;
  name: string;
  phone: string;
  avatar: string | null;
  vehicle_info: string | null;
  specialties: ColumnType<string[], string[], string[]>;
  rating: ColumnType<string, number, number>;
  completed_jobs: Generated<number>;
  status: Generated<'available' | 'busy' | 'offline'>;
  lat: number | null;
  lng: number | null;
  location_address: string | null;
  location_updated_at: Date | null;
  /** False once deactivated (no new jobs, no sign-in); the row and its history stay. */
  active: Generated<boolean>;
  /** Working hours per weekday worked, as `WorkingDay`s (JSON); written as a JSON string. */
  working_hours: ColumnType<WorkingDay[], string | undefined, string>;
  /** Days off, 'YYYY-MM-DD'. */
  days_off: ColumnType<string[], string[] | undefined, string[]>;
  /** Grows with every update of the row (a trigger); the version of the snapshot booking gets. */
  version: ColumnType<number, never, never>;
  created_at: ColumnType<Date, never, never>;
};

/** The newest appointment snapshot booking sent (`appointment.dispatch`). */
export type AppointmentSnapshotsTable = {
  appointment_id: number;
  version: number;
  technician_id: string | null;
  status: string;
  customer_id: number | null;
  customer_name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  service_type: string;
  appliance: string;
  brand: string;
  starts_at: Date;
  ends_at: Date;
  /** 'YYYY-MM-DD', the business date of `starts_at`. */
  scheduled_date: string;
  /**
   * The address placed on arrival of the snapshot (a remembered visit, the street geocoder, else the ZIP's or town's
   * centre), or later by a technician's arrival there; all three null when nothing could place it.
   */
  customer_lat: number | null;
  customer_lng: number | null;
  customer_precision: CustomerLocationPrecision | null;
  /** The normalized address (`addressKey`); null on snapshots stored before addresses were keyed. */
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
};

/** What is known of one normalized address: the street geocoder's answer, or where a technician arrived there. */
export type GeocodedAddressesTable = {
  address_key: string;
  /** Null with `precision`: the street geocoder found nothing (asked again once `located_at` is old enough). */
  lat: number | null;
  lng: number | null;
  precision: 'visit' | 'street' | null;
  located_at: Date;
};

/** The routing engine's last answer for a job en route (both null: the ask failed), and where it was asked from. */
export type RoadEstimatesTable = {
  appointment_id: number;
  from_lat: number;
  from_lng: number;
  to_lat: number;
  to_lng: number;
  distance_m: number | null;
  duration_s: number | null;
  asked_at: Date;
};

export type TrackingRecordsTable = {
  appointment_id: number;
  technician_id: string;
  status: TrackingStatus;
  actual_arrival: Date | null;
  /** Oldest first; written as JSON text, read back parsed. */
  notifications: ColumnType<TrackingNotification[], string | undefined, string>;
  closed_at: Date | null;
  close_reason: TrackingCloseReason | null;
  /** When this trip was found late for the arrival window and notifications told (once per trip); null otherwise. */
  running_late_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The business day (YYYY-MM-DD) the office let the technician move this job on, though it is dated another; and who. */
  start_allowed_on: ColumnType<string | null, string | null | undefined, string | null>;
  start_allowed_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** A job's trip while en route, oldest first by `id`. */
export type TrackingRoutePointsTable = {
  id: Generated<number>;
  appointment_id: number;
  lat: number;
  lng: number;
  recorded_at: Date;
};

/** When each piece of scheduled work last ran (the database's clock), shared by the replicas. */
export type ScheduledRunsTable = {
  name: string;
  last_run_at: Date;
};

export type TrackingDatabase = {
  technicians: TechniciansTable;
  appointment_snapshots: AppointmentSnapshotsTable;
  tracking_records: TrackingRecordsTable;
  tracking_route_points: TrackingRoutePointsTable;
  scheduled_runs: ScheduledRunsTable;
  geocoded_addresses: GeocodedAddressesTable;
  road_estimates: RoadEstimatesTable;
};
export type TechnicianRow = Selectable<TechniciansTable>;
export type AppointmentSnapshotRow = Selectable<AppointmentSnapshotsTable>;
export type TrackingRecordRow = Selectable<TrackingRecordsTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<TrackingDatabase> | Transaction<TrackingDatabase>;
/** For repository functions that only make sense inside a transaction (row locks). */
export type Trx = Transaction<TrackingDatabase>;
