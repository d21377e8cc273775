import { officeActionMessages, type OfficeAction } from '@repo/contracts';
import { conflict, notFound } from '@repo/service-kit';
import type { AppointmentRow, Trx } from '../db/schema.ts';
import { officeActionBlocked } from '../domain/office-rules.ts';
import { findAppointmentForUpdate } from '../repositories/appointment-repository.ts';
import type { BookingContext } from './context.ts';

/** Who in the office acts, and the version of the appointment they last saw. */
export type OfficeActor = { actor: string; version: number };

/**
 * Runs an office action on the locked appointment in one transaction: unknown → 404; changed since the office saw it
 * (another version) → 409; a state the action does not fit → 409 with why. `change` makes the change, publishes it and
 * records its history in the same transaction.
 */
export async function officeChange(
  ctx: BookingContext,
  id: number,
  action: OfficeAction,
  { version }: OfficeActor,
  change: (trx: Trx, current: AppointmentRow) => Promise<AppointmentRow>,
): Promise<AppointmentRow> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findAppointmentForUpdate(trx, id);
    if (!current) throw notFound(officeActionMessages.notFound);
    if (current.version !== version) throw conflict(officeActionMessages.stale);
    const blocked = officeActionBlocked(action, current, ctx.now());
    if (blocked) throw conflict(blocked);
    return change(trx, current);
  });
  ctx.availability.invalidate(row.appointment_date);
  return row;
}
