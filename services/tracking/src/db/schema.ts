import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';

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
  created_at: ColumnType<Date, never, never>;
};

export type TrackingDatabase = { technicians: TechniciansTable };
export type TechnicianRow = Selectable<TechniciansTable>;

/** What every repository function takes first: the database, or the transaction a use case opened. */
export type Db = Kysely<TrackingDatabase> | Transaction<TrackingDatabase>;
