import { sql, type Kysely } from 'kysely';

/**
 * Each technician's working hours per weekday ([{ weekday, start, end }], a weekday not listed is not worked) and days
 * off. Everyone starts on the online booking hours, Monday to Saturday 08:00-17:00, until the office changes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mondayToSaturday = JSON.stringify([1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })));
  await db.schema
    .alterTable('technicians')
    .addColumn('working_hours', 'jsonb', (col) => col.notNull().defaultTo(sql.raw(`'${mondayToSaturday}'::jsonb`)))
    .addColumn('days_off', sql`date[]`, (col) => col.notNull().defaultTo(sql`'{}'::date[]`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('technicians').dropColumn('working_hours').dropColumn('days_off').execute();
}
