import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';

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
};

/** Back-office accounts (staff and administrators), separate from customers. */
export type StaffUsersTable = {
  id: Generated<number>;
  email: string;
  name: string;
  role: 'staff' | 'admin';
  password_hash: string;
  created_at: ColumnType<Date, never, never>;
  last_login: Date | null;
};

/** Customers imported from the ServicePro field-service system (the spec's servicepro_customers). */
export type ServiceProCustomersTable = {
  id: Generated<number>;
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
};

export type AccountsDatabase = {
  customers: CustomersTable;
  staff_users: StaffUsersTable;
  service_pro_customers: ServiceProCustomersTable;
};

export type CustomerRow = Selectable<CustomersTable>;
export type StaffUserRow = Selectable<StaffUsersTable>;
export type ServiceProCustomerRow = Selectable<ServiceProCustomersTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<AccountsDatabase> | Transaction<AccountsDatabase>;
