import type { ConfigurableSystem } from '@repo/contracts';
import type { Db, FieldServiceSettingsRow, StoredSettingValues } from '../db/schema.ts';

export const findFieldServiceSettings = (db: Db, system: ConfigurableSystem): Promise<FieldServiceSettingsRow | undefined> =>
  db.selectFrom('field_service_settings').selectAll().where('system', '=', system).executeTakeFirst();

/** Writes the system's settings (inserting the row the first time), one version up. */
export async function saveFieldServiceSettings(db: Db, system: ConfigurableSystem, values: { settings: StoredSettingValues; secrets: string; updatedBy: string; at: Date }): Promise<void> {
  const row = { settings: JSON.stringify(values.settings), secrets: values.secrets, updated_by: values.updatedBy, updated_at: values.at };
  await db
    .insertInto('field_service_settings')
    .values({ system, ...row })
    .onConflict((conflict) => conflict.column('system').doUpdateSet((eb) => ({ ...row, version: eb('field_service_settings.version', '+', 1) })))
    .execute();
}
