import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { BookingPhotoKind, PhotoKind, PhotoState, VisitStage } from '@repo/contracts';
import type { RecurringJobsTable } from '@repo/service-kit';

export type AppointmentsTable = {
  id: Generated<number>;
  customer_id: number | null;
  service_request_id: number | null;
  customer_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  appointment_date: string;
  time_slot: string;
  service_type: string;
  appliance: string;
  brand: string;
  description: string | null;
  status: Generated<string>;
  technician_id: string | null;
  technician_notes: string | null;
  total_cost: string | null;
  confirmation_code: string;
  /** The customer agreed to text messages about this appointment when booking. */
  sms_consent: Generated<boolean>;
  /** The consent's words as the customer was shown them; null without consent (or from before they were kept). */
  sms_consent_text: string | null;
  /** False for history (imported or seeded as past): it never took a place, so it gives none back. */
  holds_slot_place: Generated<boolean>;
  /** Grows with every change of time or status; the calendar file's SEQUENCE. */
  revision: Generated<number>;
  /** Hash of the normalised imported item, unique per customer; NULL unless imported. */
  import_key: string | null;
  /** The field-service system (`ServiceSystemId`) and its visit id this row was imported from; NULL otherwise. */
  source_system: string | null;
  external_id: string | null;
  /** Grows with every update of the row (a trigger); the version of the snapshot tracking gets. */
  version: ColumnType<number, never, never>;
  created_at: ColumnType<Date, never, never>;
  /** Who in the office confirmed it (their email) and when; null unless confirmed. */
  confirmed_at: Date | null;
  confirmed_by: string | null;
  /** Why the office cancelled it; null unless cancelled by the office. */
  cancel_reason: string | null;
  /** When the customer asked by text to be called back; null once the office acts on the visit (or none was asked). */
  call_back_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The intake given at booking (contracts' `intakeFieldsSchema`): plate numbers upper-cased; null when not given. */
  model_number: ColumnType<string | null, string | null | undefined, string | null>;
  serial_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** `manufacturer`, `home-warranty` or `none` (neither or not sure); null when not asked or not answered. */
  warranty: ColumnType<string | null, string | null | undefined, string | null>;
  home_warranty_company: ColumnType<string | null, string | null | undefined, string | null>;
  /** The job record (contracts' `jobRecordRequestSchema`): the plate as the technician read it, what they found. */
  job_model_number: ColumnType<string | null, string | null | undefined, string | null>;
  job_serial_number: ColumnType<string | null, string | null | undefined, string | null>;
  diagnosis: ColumnType<string | null, string | null | undefined, string | null>;
  parts_needed: ColumnType<string | null, string | null | undefined, string | null>;
  job_recorded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  job_recorded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The part the visit waits for; all three null when it waits for none (a check keeps them together). */
  waiting_part: ColumnType<string | null, string | null | undefined, string | null>;
  waiting_part_number: ColumnType<string | null, string | null | undefined, string | null>;
  waiting_part_expected_on: ColumnType<string | null, string | null | undefined, string | null>;
  waiting_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  waiting_marked_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the office last marked a waited-for part arrived. */
  part_arrived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The warranty claim (contracts' `warrantyClaimRequestSchema`): the failure code and recorded time are set together. */
  warranty_failure_code: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_service_code: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_part_number: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_part_invoice: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_purchase_date: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_recorded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  warranty_recorded_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The visit under way as tracking last told it (on the way, arrived, working), or null; and when tracking changed it. */
  visit_stage: ColumnType<VisitStage | null, VisitStage | null | undefined, VisitStage | null>;
  visit_stage_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** One change of an appointment: written in the transaction that made it, never changed after. */
export type AppointmentHistoryTable = {
  id: Generated<number>;
  appointment_id: number;
  at: Date;
  /** A staff member's email, or who else made the change (the customer, the technician, the system). */
  actor: string;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  detail: string | null;
};

/** Booking's replica of tracking's technicians, fed by `technician.changed`; `version` is tracking's. */
export type TechniciansTable = {
  id: string;
  name: string;
  status: 'available' | 'busy' | 'offline';
  /** False while deactivated in tracking: offered no new jobs. */
  active: Generated<boolean>;
  version: number;
  updated_at: ColumnType<Date, never, Date>;
};

export type ServiceRequestsTable = {
  id: Generated<number>;
  customer_id: number | null;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  appliance_type: string;
  brand: string | null;
  problem_description: string;
  is_emergency: Generated<boolean>;
  status: Generated<string>;
  technician_notes: string | null;
  completed_at: Date | null;
  /** Hash of the normalised imported item, unique per customer; NULL unless imported. */
  import_key: string | null;
  /** The field-service system (`ServiceSystemId`) and its visit id this row was imported from; NULL otherwise. */
  source_system: string | null;
  external_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** One row per (date, slot) that has bookings: the counter that makes booking race-proof. */
export type SlotBookingsTable = {
  appointment_date: string;
  time_slot: string;
  booked: number;
};

export type IdempotencyKeysTable = {
  key: string;
  request_hash: string;
  appointment_id: number;
  created_at: ColumnType<Date, never, never>;
};

/** A "find my appointment" request: the address as a hash, kept an hour for the per-address throttle. */
export type AppointmentLinkRequestsTable = {
  id: Generated<number>;
  email_hash: string;
  requested_at: Date;
};

/**
 * A later copy of an imported visit (the same date, appliance and address from another system or the pasted history):
 * the appointment it is a copy of, and where it came from (a system and its visit id, or the content key).
 */
export type AppointmentCopiesTable = {
  id: Generated<number>;
  appointment_id: number;
  customer_id: number;
  source_system: string | null;
  external_id: string | null;
  import_key: string | null;
  created_at: ColumnType<Date, never, never>;
};

/** A day the business is closed (`open_slots` null) or keeps reduced hours (the windows that stay open). */
export type ClosuresTable = {
  date: string;
  reason: string | null;
  open_slots: string[] | null;
  created_by: string;
  created_at: ColumnType<Date, never, never>;
};

/** A photo of an appointment (see migration `photos`): the object store holds its file, this row what it is. */
export type AppointmentPhotosTable = {
  id: Generated<number>;
  appointment_id: number;
  kind: PhotoKind;
  state: Generated<PhotoState>;
  /** Where the browser uploads it: quarantine, seen by no one until checked. */
  upload_key: string;
  content_type: string;
  declared_bytes: number;
  /** The checked, re-encoded photo; null until ready. */
  stored_key: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
  rejected_reason: string | null;
  /** Who took it: the technician's name, an office email, or `customer`. */
  taken_by: string;
  created_at: ColumnType<Date, never, never>;
  processed_at: Date | null;
};

/** A photo added in the booking wizard, not yet claimed by a booking (seen by no one). */
export type PhotoDraftsTable = {
  id: string;
  /** SHA-256 (hex) of the token the visitor was given. */
  token_hash: string;
  kind: BookingPhotoKind;
  upload_key: string;
  content_type: string;
  declared_bytes: number;
  created_at: Date;
};

export type BookingDatabase = {
  appointment_photos: AppointmentPhotosTable;
  photo_drafts: PhotoDraftsTable;
  recurring_jobs: RecurringJobsTable;
  appointment_copies: AppointmentCopiesTable;
  closures: ClosuresTable;
  appointment_link_requests: AppointmentLinkRequestsTable;
  appointments: AppointmentsTable;
  appointment_history: AppointmentHistoryTable;
  service_requests: ServiceRequestsTable;
  slot_bookings: SlotBookingsTable;
  idempotency_keys: IdempotencyKeysTable;
  technicians: TechniciansTable;
};

export type AppointmentRow = Selectable<AppointmentsTable>;
export type AppointmentHistoryRow = Selectable<AppointmentHistoryTable>;
export type ServiceRequestRow = Selectable<ServiceRequestsTable>;
export type TechnicianRow = Selectable<TechniciansTable>;
export type ClosureRow = Selectable<ClosuresTable>;
export type AppointmentPhotoRow = Selectable<AppointmentPhotosTable>;
export type PhotoDraftRow = Selectable<PhotoDraftsTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<BookingDatabase> | Transaction<BookingDatabase>;
/** For repository functions that only make sense inside a transaction (row locks). */
export type Trx = Transaction<BookingDatabase>;
