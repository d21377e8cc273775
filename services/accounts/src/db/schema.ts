import type { BackOfficeUser, ConfigurableSystem, ImportJob, Role, ServiceSystemId } from '@repo/contracts';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';

export type BackOfficeRole = BackOfficeUser['role'];

/** A note staff wrote on a customer's record; the author as they were named when they wrote it. */
export type CustomerNotesTable = {
  id: Generated<number>;
  customer_id: number;
  text: string;
  author_staff_id: number | null;
  author_name: string;
  author_email: string;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CustomersTable = {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string | null;
  password_hash: string;
  is_admin: Generated<boolean>;
  service_pro_customer_id: string | null;
  created_at: ColumnType<Date, never, never>;
  last_login: Date | null;
  /** The phone's digits without a leading country code 1, computed by the database. */
  phone_digits: ColumnType<string, never, never>;
  /** When the customer proved they own the email (null: a claim only); see customer-repository's linking. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the customer proved they own the phone (null: a claim only). */
  phone_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** Back-office accounts (technicians, staff and administrators), separate from customers. */
export type StaffUsersTable = {
  id: Generated<number>;
  email: string;
  name: string;
  role: BackOfficeRole;
  /** The tracking technician a technician sign-in belongs to (unique); null for staff and administrators. */
  technician_id: string | null;
  password_hash: string;
  created_at: ColumnType<Date, never, never>;
  last_login: Date | null;
};

/**
 * Customers imported from the configured field-service system (ServicePro was the first, hence the name), unique by
 * the system and its id there.
 */
export type ServiceProCustomersTable = {
  id: Generated<number>;
  source_system: ColumnType<ServiceSystemId, ServiceSystemId | undefined, ServiceSystemId>;
  service_pro_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  last_service_date: string | null;
  total_services: Generated<string>;
  total_spent: Generated<string>;
  preferred_technician: string | null;
  notes: string | null;
  created_at: ColumnType<Date, never, never>;
  imported_at: ColumnType<Date, Date | undefined, Date>;
  /** As customers.phone_digits. */
  phone_digits: ColumnType<string, never, never>;
};

export type ImportFailure = ImportJob['failures'][number];

/** The back office's customer imports; at most one is running (a partial unique index). */
export type ImportJobsTable = {
  id: Generated<number>;
  system: ServiceSystemId;
  company: string;
  status: ImportJob['status'];
  fetched: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  failed: Generated<number>;
  expected_total: number | null;
  error: string | null;
  /** jsonb, written as JSON text. */
  failures: ColumnType<ImportFailure[], string | undefined, string>;
  started_by: string;
  started_at: Date;
  finished_at: Date | null;
  /** Pages written so far; the page job for page `pages_saved` (from 0) reads `next_position` (null: the first). */
  pages_saved: Generated<number>;
  next_position: string | null;
  /** The queue job that reads the next page while the import runs. */
  page_job_id: string | null;
  /** While the page owed waits to be tried again: why its last attempt failed, which attempt that was, and when. */
  retry_error: ColumnType<string | null, string | null | undefined, string | null>;
  retry_attempt: ColumnType<number | null, number | null | undefined, number | null>;
  retry_failed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** How often an administrator resumed it after it failed. */
  resumed: Generated<number>;
};

export type SessionKind = 'customer' | 'staff';

/**
 * Server-side sessions: a token is good only while its session (the token's `sid`) is not revoked, was used within
 * the idle time and began within the maximum age of its kind.
 */
export type SessionsTable = {
  /** 256 random bits, base64url. */
  id: string;
  kind: SessionKind;
  /** customers.id or staff_users.id, by kind. */
  subject_id: number;
  role: Role;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
};

/**
 * One row per failed (or still running) sign-in attempt on an account, keyed by the normalised email whether or not
 * an account has it (so the throttle itself tells nothing about which emails exist) and by the client address.
 */
export type LoginFailuresTable = {
  id: Generated<number>;
  /** Customer and back-office accounts are counted apart. */
  scope: SessionKind;
  /** Lower-cased, trimmed. */
  email: string;
  /** The client the attempt came from (`clientKey`: an IPv4 address or an IPv6 /64); null for failures recorded before clients were (they age out). */
  client: string | null;
  failed_at: Date;
};

/**
 * When an account's owner was last told that someone keeps failing to sign in to it (at most once a window), keyed
 * as `login_failures` counts it. Only accounts that exist get a row.
 */
export type SignInAlertsTable = {
  scope: SessionKind;
  /** Lower-cased, trimmed. */
  email: string;
  sent_at: Date;
};

/**
 * A customer's emailed single-use link, a password reset (`password_resets`) or a sign-in (`sign_in_links`): the
 * sha256 (hex) of its token, never the token. Good once (`used_at`), until `expires_at`, and until the customer asks
 * for a newer one of the same kind (`replaced_at`).
 */
export type EmailedLinksTable = {
  id: string;
  customer_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  replaced_at: Date | null;
  created_at: Date;
};

/** A customer's email change waiting for the new address to be proven: an emailed link, and the address it would set. */
export type EmailChangesTable = EmailedLinksTable & { new_email: string };

/** A registration waiting for its email to be proven (see the pending-registrations migration). */
export type PendingRegistrationsTable = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string | null;
  password_hash: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  replaced_at: Date | null;
  created_at: Date;
};

/** The code a customer was last texted to prove their phone (see the phone-codes migration). */
export type PhoneCodesTable = {
  customer_id: number;
  request_id: string;
  /** The ten digits of the number the code went to. */
  phone_digits: string;
  /** sha256 (hex) of the customer's id and the code. */
  code_hash: string;
  tries: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  created_at: Date;
};

/** Whether each tracking technician is active, as tracking's newest `technician.changed` said. */
export type TechnicianStatesTable = {
  technician_id: string;
  active: boolean;
  version: number;
};

/** The one Jobber connection (id 1); tokens are AES-256-GCM ciphertexts (domain/secret-box.ts), null once disconnected. */
export type JobberConnectionsTable = {
  id: number;
  access_token: string | null;
  refresh_token: string | null;
  source: 'environment' | 'back-office' | null;
  account_name: string | null;
  connected_by: string | null;
  connected_at: Date | null;
  access_token_issued_at: Date | null;
  renewed_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  updated_at: Date;
};

/** A Connect Jobber attempt: the sha256 of its state, the session that started it, until when it may come back. */
export type JobberAuthorizationsTable = {
  state_hash: string;
  session_id: string;
  requested_by: string;
  expires_at: Date;
};

/** Plain settings of one system as saved (field names of the back office's form; no secret among them). */
export type StoredSettingValues = Record<string, string | number>;

/** The administrator's ServiceTitan or ServicePro connection; `secrets` is a sealed JSON object (domain/secret-box.ts). */
export type FieldServiceSettingsTable = {
  system: ConfigurableSystem;
  /** jsonb, written as JSON text. */
  settings: ColumnType<StoredSettingValues, string, string>;
  secrets: string;
  version: Generated<number>;
  updated_by: string;
  updated_at: Date;
};

/** A customer's request to be forgotten (see migration `deletion-requests`). */
export type DeletionRequestsTable = {
  id: string;
  customer_id: number;
  reason: string;
  requested_by: string;
  requested_at: Date;
};

/** Each service's report on a deletion request; `done_at` null until it reported. */
export type DeletionProgressTable = {
  request_id: string;
  service: string;
  done_at: Date | null;
  summary: string | null;
};

export type AccountsDatabase = {
  deletion_requests: DeletionRequestsTable;
  deletion_progress: DeletionProgressTable;
  field_service_settings: FieldServiceSettingsTable;
  jobber_connections: JobberConnectionsTable;
  jobber_authorizations: JobberAuthorizationsTable;
  technician_states: TechnicianStatesTable;
  customers: CustomersTable;
  customer_notes: CustomerNotesTable;
  staff_users: StaffUsersTable;
  service_pro_customers: ServiceProCustomersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  sign_in_alerts: SignInAlertsTable;
  import_jobs: ImportJobsTable;
  password_resets: EmailedLinksTable;
  sign_in_links: EmailedLinksTable;
  email_changes: EmailChangesTable;
  pending_registrations: PendingRegistrationsTable;
  phone_codes: PhoneCodesTable;
};

export type CustomerRow = Selectable<CustomersTable>;
export type CustomerNoteRow = Selectable<CustomerNotesTable>;
export type StaffUserRow = Selectable<StaffUsersTable>;
export type ServiceProCustomerRow = Selectable<ServiceProCustomersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ImportJobRow = Selectable<ImportJobsTable>;
export type EmailedLinkRow = Selectable<EmailedLinksTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;
export type PendingRegistrationRow = Selectable<PendingRegistrationsTable>;
export type PhoneCodeRow = Selectable<PhoneCodesTable>;
export type JobberConnectionRow = Selectable<JobberConnectionsTable>;
export type FieldServiceSettingsRow = Selectable<FieldServiceSettingsTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<AccountsDatabase> | Transaction<AccountsDatabase>;
