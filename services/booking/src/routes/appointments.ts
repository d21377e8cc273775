import { z } from 'zod';
import {
  apiErrorSchema,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentRequestSchema,
  appointmentSchema,
  appointmentStatusChangeSchema,
  availableSlotsQuerySchema,
  availableSlotsResponseSchema,
  createAppointmentResponseSchema,
  slotTakenMessage,
} from '@repo/contracts';
import { conflict, notFound, type ServiceApp } from '@repo/service-kit';
import type { Kysely } from 'kysely';
import type { BookingDatabase } from '../db/schema.ts';
import { availableSlotsForDate, createAppointment, releasePlace } from '../domain/appointments.ts';
import { AvailabilityCache } from '../domain/availability-cache.ts';
import { toAppointment } from '../domain/mappers.ts';
import type { BookingEnv } from '../env.ts';

export type AppointmentRoutesOptions = { db: Kysely<BookingDatabase>; env: BookingEnv; now: () => Date };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export async function appointmentRoutes(app: ServiceApp, { db, env, now }: AppointmentRoutesOptions) {
  const availability = new AvailabilityCache();

  app.get('/api/appointments/available-slots', {
    schema: { tags: ['appointments'], querystring: availableSlotsQuerySchema, response: { 200: availableSlotsResponseSchema, 400: apiErrorSchema } },
  }, async (request) => {
    const at = now();
    return availability.get(request.query.date, at, () => availableSlotsForDate(db, request.query.date, at, env));
  });

  app.post('/api/appointments', {
    config: { rateLimit: { max: env.BOOKING_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    preHandler: app.optionalSession,
    schema: {
      tags: ['appointments'],
      headers: z.object({ 'idempotency-key': z.string().min(8, 'Idempotency-Key must be 8 to 200 characters').max(200, 'Idempotency-Key must be 8 to 200 characters').optional() }),
      body: appointmentRequestSchema,
      response: { 200: createAppointmentResponseSchema, 201: createAppointmentResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const session = request.session;
    const result = await createAppointment(db, {
      request: request.body,
      customerId: session?.role === 'customer' ? (session.customerId ?? null) : null,
      idempotencyKey: request.headers['idempotency-key'],
      now: now(),
      rules: env,
    });
    availability.invalidate(result.body.appointment.appointmentDate);
    return reply.code(result.statusCode).send(result.body);
  });

  app.get('/api/appointments', {
    preHandler: app.requireRole('staff', 'admin'),
    schema: { tags: ['appointments'], querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema, ...errors } },
  }, async (request) => {
    let query = db.selectFrom('appointments').selectAll().orderBy('appointment_date').orderBy('time_slot').orderBy('id');
    if (request.query.date) query = query.where('appointment_date', '=', request.query.date);
    if (request.query.status) query = query.where('status', '=', request.query.status);
    return (await query.limit(500).execute()).map(toAppointment);
  });

  app.put('/api/appointments/:id/status', {
    preHandler: app.requireRole('staff', 'admin'),
    schema: { tags: ['appointments'], params: appointmentIdParamsSchema, body: appointmentStatusChangeSchema, response: { 200: appointmentSchema, ...errors } },
  }, async (request) => {
    const { id } = request.params;
    const { status } = request.body;
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('appointments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) throw notFound(`Appointment ${id} was not found.`);
      if (current.status !== 'cancelled' && status === 'cancelled') {
        await releasePlace(trx, current.appointment_date, current.time_slot);
      } else if (current.status === 'cancelled' && status !== 'cancelled') {
        const taken = await trx
          .updateTable('slot_bookings')
          .set((eb) => ({ booked: eb('booked', '+', 1) }))
          .where('appointment_date', '=', current.appointment_date)
          .where('time_slot', '=', current.time_slot)
          .where('booked', '<', env.BOOKING_SLOT_CAPACITY)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw conflict(slotTakenMessage);
      }
      return trx.updateTable('appointments').set({ status }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    });
    availability.invalidate(row.appointment_date);
    return toAppointment(row);
  });
}
