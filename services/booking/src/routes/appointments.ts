import { z } from 'zod';
import {
  appointmentIntakeResponseSchema,
  appointmentListQuerySchema,
  appointmentRequestSchema,
  appointmentPathParamsSchema,
  appointmentHistorySchema,
  appointmentStatusChangeSchema,
  assignTechnicianSchema,
  customerAppointmentsPath,
  customerAppointmentsQuerySchema,
  customerAppointmentsSchema,
  availableSlotsQuerySchema,
  bookForCallerPath,
  callerBookingSchema,
  dispatchBoardPath,
  dispatchBoardQuerySchema,
  dispatchBoardSchema,
  availableSlotsResponseSchema,
  createAppointmentResponseSchema,
  findAppointmentLimits,
  findAppointmentMessages,
  findAppointmentPath,
  findAppointmentRequestSchema,
  findAppointmentResponseSchema,
  jobRecordRequestSchema,
  jobRecordResponseSchema,
  officeActionSchema,
  officeCancelSchema,
  staffAppointmentListSchema,
  staffAppointmentSchema,
  staffRescheduleSchema,
  waitingForPartsRequestSchema,
  warrantyClaimRequestSchema,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { BookingEnv } from '../env.ts';
import { assignTechnician } from '../use-cases/assign-technician.ts';
import { bookAppointment } from '../use-cases/book-appointment.ts';
import { cancelForCaller } from '../use-cases/cancel-for-caller.ts';
import { changeAppointmentStatus } from '../use-cases/change-appointment-status.ts';
import { confirmAppointment } from '../use-cases/confirm-appointment.ts';
import type { BookingContext } from '../use-cases/context.ts';
import { dispatchBoard } from '../use-cases/dispatch-board.ts';
import { getAppointmentIntake } from '../use-cases/get-appointment-intake.ts';
import { getJobRecord, markPartArrived, markWaitingForParts, saveJobRecord, saveWarrantyClaim } from '../use-cases/job-record.ts';
import { listAppointmentHistory } from '../use-cases/list-appointment-history.ts';
import { listAppointments } from '../use-cases/list-appointments.ts';
import { listCustomerAppointments } from '../use-cases/list-customer-appointments.ts';
import { markNoShow } from '../use-cases/mark-no-show.ts';
import { reopenAppointment } from '../use-cases/reopen-appointment.ts';
import { rescheduleForCaller } from '../use-cases/reschedule-for-caller.ts';
import { listAvailableSlots } from '../use-cases/list-available-slots.ts';
import { requestAppointmentLinks } from '../use-cases/request-appointment-links.ts';
import { jobRecordActor, staffActor } from './staff-actor.ts';


const idempotencyKeyWords = 'Idempotency-Key must be 8 to 200 characters';
const idempotencyKeyHeader = z.object({ 'idempotency-key': z.string().min(8, idempotencyKeyWords).max(200, idempotencyKeyWords).optional() });

export async function appointmentRoutes(app: ServiceApp, { ctx, env }: { ctx: BookingContext; env: BookingEnv }) {
  // Access is checked onRequest, before the body is read or validated, so a caller without access learns nothing from it.
  app.get('/api/appointments/available-slots', {
    schema: {
      tags: ['appointments'],
      summary: 'The free time slots of one business day',
      querystring: availableSlotsQuerySchema,
      response: { 200: availableSlotsResponseSchema },
    },
  }, async (request) => listAvailableSlots(ctx, request.query.date));

  app.post('/api/appointments', {
    config: { rateLimit: { max: env.BOOKING_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    onRequest: app.optionalSession,
    schema: {
      tags: ['appointments'],
      summary: 'Book an appointment in a free slot, as a visitor or a signed-in customer',
      description: 'Answers the appointment and its manage link. The same Idempotency-Key answers the same booking again.',
      headers: idempotencyKeyHeader,
      body: appointmentRequestSchema,
      response: { 200: createAppointmentResponseSchema, 201: createAppointmentResponseSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => {
    const session = request.session;
    const booked = await bookAppointment(ctx, {
      request: request.body,
      customerId: session?.role === 'customer' ? (session.customerId ?? null) : null,
      idempotencyKey: request.headers['idempotency-key'],
    });
    return reply.code(201).send(booked);
  });

  app.post(bookForCallerPath, {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: 'Book for someone on the phone, from the back office',
      description:
        "By the public booking's rules (bookable day, an offered window after the notice, closures). A full window is 409 " +
        'unless `overCapacity` is ticked with a reason: then it is booked over capacity and its history says who and why. ' +
        'The customer is told as after an online booking. The same Idempotency-Key answers the same booking again.',
      headers: idempotencyKeyHeader,
      body: callerBookingSchema,
      response: { 201: createAppointmentResponseSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => {
    const { overCapacity, overCapacityReason, ...appointment } = request.body;
    const booked = await bookAppointment(ctx, {
      request: appointment,
      customerId: null,
      idempotencyKey: request.headers['idempotency-key'],
      office: { actor: staffActor(request.session), overCapacityReason: overCapacity ? (overCapacityReason ?? null) : null },
    });
    return reply.code(201).send(booked);
  });

  app.post(findAppointmentPath, {
    config: { rateLimit: { max: env.FIND_APPOINTMENT_RATE_LIMIT_MAX, timeWindow: '1 hour' } },
    schema: {
      tags: ['appointments'],
      summary: 'Email the manage links of the upcoming appointments booked with an address ("find my appointment")',
      description:
        'Always 202 with the same message, whether or not the address has appointments; the email goes out only when it ' +
        `does, at most ${findAppointmentLimits.perAddressPerHour} an hour to one address. ${env.FIND_APPOINTMENT_RATE_LIMIT_MAX} requests an hour per client, then 429.`,
      body: findAppointmentRequestSchema,
      response: { 202: findAppointmentResponseSchema },
    },
  }, async (request, reply) => {
    await requestAppointmentLinks(ctx, request.body.email);
    return reply.code(202).send({ message: findAppointmentMessages.sent.replace('{email}', request.body.email) });
  });

  // The answer is a bare array (the shape clients already read), so the paging count travels in a header.
  app.get('/api/appointments', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: 'Every appointment for staff, in schedule order, a page at a time',
      description: 'Filtered by date and status; page and pageSize (at most 200). The X-Total-Count header counts every match.',
      querystring: appointmentListQuerySchema,
      response: { 200: staffAppointmentListSchema },
    },
  }, async (request, reply) => {
    const { items, total } = await listAppointments(ctx, request.query);
    return reply.header('X-Total-Count', String(total)).send(items);
  });

  app.get(customerAppointmentsPath, {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: "One customer's appointments, appliances and service requests, for their record in the back office",
      description:
        "The customer is accounts' customer id. Appointments newest first, booked and imported; appliances made up from them. " +
        'An id with none answers empty lists.',
      querystring: customerAppointmentsQuerySchema,
      response: { 200: customerAppointmentsSchema },
    },
  }, async (request) => listCustomerAppointments(ctx, request.query.customerId));

  app.put('/api/appointments/:id/status', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: "Change an appointment's status",
      // Digits only, within the id column: ' 1', '0x10' or an id past the column's range never reach the database.
      params: appointmentPathParamsSchema,
      body: appointmentStatusChangeSchema,
      response: { 200: staffAppointmentSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => changeAppointmentStatus(ctx, request.params.id, request.body.status, staffActor(request.session)));

  app.put('/api/appointments/:id/assign', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: 'Assign a technician to an appointment, or take them off it',
      description:
        'A null technicianId takes the technician off. Tracking learns of it through the outbox. With `version` (the one the office last saw), a change made since answers 409.',
      params: appointmentPathParamsSchema,
      body: assignTechnicianSchema,
      response: { 200: staffAppointmentSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => assignTechnician(ctx, request.params.id, request.body.technicianId, staffActor(request.session), request.body.version));

  app.get(dispatchBoardPath, {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: "One business day's dispatch board: its arrival windows (booked and capacity) and every appointment",
      querystring: dispatchBoardQuerySchema,
      response: { 200: dispatchBoardSchema },
    },
  }, async (request) => dispatchBoard(ctx, request.query.date));

  const officeAction = { tags: ['appointments'], params: appointmentPathParamsSchema, response: { 200: staffAppointmentSchema, ...errorResponses(404, 409) } };
  app.post('/api/appointments/:id/confirm', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      ...officeAction,
      summary: 'Confirm a scheduled appointment (the promised call made)',
      description: 'Records who confirmed it and when. `version` is the one the office last saw: a change made since answers 409.',
      body: officeActionSchema,
    },
  }, async (request) => confirmAppointment(ctx, request.params.id, { actor: staffActor(request.session), version: request.body.version }));

  app.post('/api/appointments/:id/cancel', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      ...officeAction,
      summary: 'Cancel a scheduled or confirmed appointment for the customer, with a reason',
      description: 'Frees its place; the reason is kept on it and in its history; the customer and tracking are told.',
      body: officeCancelSchema,
    },
  }, async (request) => cancelForCaller(ctx, request.params.id, { actor: staffActor(request.session), ...request.body }));

  app.post('/api/appointments/:id/reopen', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      ...officeAction,
      summary: 'Reopen a cancelled or no-show appointment as scheduled',
      description: 'A cancelled one takes its place in the slot again: 409 when the slot has filled since.',
      body: officeActionSchema,
    },
  }, async (request) => reopenAppointment(ctx, request.params.id, { actor: staffActor(request.session), version: request.body.version }));

  app.post('/api/appointments/:id/no-show', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      ...officeAction,
      summary: 'Mark a scheduled or confirmed appointment as a no-show, once its arrival window has started',
      body: officeActionSchema,
    },
  }, async (request) => markNoShow(ctx, request.params.id, { actor: staffActor(request.session), version: request.body.version }));

  app.post('/api/appointments/:id/reschedule', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      ...officeAction,
      summary: 'Move a scheduled or confirmed appointment to another arrival window for the customer',
      description:
        'By the rules of a new booking (bookable day, an offered window starting after the notice): 409 when the window is full. The technician stays; a confirmed visit is scheduled again; the customer is told.',
      body: staffRescheduleSchema,
    },
  }, async (request) => rescheduleForCaller(ctx, request.params.id, { actor: staffActor(request.session), ...request.body }));

  app.get('/api/appointments/:id/history', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: "An appointment's history: every change, who made it and when, newest first",
      params: appointmentPathParamsSchema,
      response: { 200: appointmentHistorySchema, ...errorResponses(404) },
    },
  }, async (request) => listAppointmentHistory(ctx, request.params.id));

  app.get('/api/appointments/:id/intake', {
    onRequest: app.requireRole('technician', 'staff', 'admin'),
    schema: {
      tags: ['appointments'],
      summary: "The appliance intake given at booking, for the visit's technician and staff",
      description: 'A technician reads only the intake of an appointment assigned to them; any other answers 404.',
      params: appointmentPathParamsSchema,
      response: { 200: appointmentIntakeResponseSchema, ...errorResponses(404) },
    },
  }, async (request) => {
    const session = request.session;
    const reader = session?.role === 'technician' ? { staff: false as const, technicianId: session.technicianId ?? null } : { staff: true as const };
    return getAppointmentIntake(ctx, request.params.id, reader);
  });

  // The job record: the assigned technician and the office read and write it; another technician's job is a 404.
  const jobActor = jobRecordActor;
  const jobTags = ['job record'];

  app.get('/api/appointments/:id/job-record', {
    onRequest: app.requireRole('technician', 'staff', 'admin'),
    schema: {
      tags: jobTags,
      summary: "The visit's job record: the plate as read, the diagnosis, parts needed and any part waited for",
      description: 'With the intake given at booking, to prefill the plate. A technician reaches only a job assigned to them; any other answers 404.',
      params: appointmentPathParamsSchema,
      response: { 200: jobRecordResponseSchema, ...errorResponses(404) },
    },
  }, async (request) => getJobRecord(ctx, request.params.id, jobActor(request)));

  app.put('/api/appointments/:id/job-record', {
    onRequest: app.requireRole('technician', 'staff', 'admin'),
    schema: {
      tags: jobTags,
      summary: 'Save the job record: model and serial as read on the plate, the diagnosis, the parts needed',
      description: 'A technician reaches only a job assigned to them (404 otherwise); a cancelled visit is 409.',
      params: appointmentPathParamsSchema,
      body: jobRecordRequestSchema,
      response: { 200: jobRecordResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => saveJobRecord(ctx, request.params.id, jobActor(request), request.body));

  app.put('/api/appointments/:id/waiting-for-parts', {
    onRequest: app.requireRole('technician', 'staff', 'admin'),
    schema: {
      tags: jobTags,
      summary: 'Mark the visit waiting for a part, with the day it is expected',
      description: "The customer's appointment page says so until the office marks the part arrived. The day is from today to a year ahead (business time).",
      params: appointmentPathParamsSchema,
      body: waitingForPartsRequestSchema,
      response: { 200: jobRecordResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => markWaitingForParts(ctx, request.params.id, jobActor(request), request.body));

  app.put('/api/appointments/:id/warranty-claim', {
    onRequest: app.requireRole('technician', 'staff', 'admin'),
    schema: {
      tags: jobTags,
      summary: "Save the warranty claim's details for warranty work",
      description: "The failure code, the brand's service code, the distributor's part number and invoice, and the purchase date. A technician reaches only a job assigned to them (404 otherwise); a cancelled visit is 409; a purchase date after today is 400.",
      params: appointmentPathParamsSchema,
      body: warrantyClaimRequestSchema,
      response: { 200: jobRecordResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => saveWarrantyClaim(ctx, request.params.id, jobActor(request), request.body));

  app.post('/api/appointments/:id/part-arrived', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: jobTags,
      summary: 'The waited-for part arrived: the waiting ends, and the office books the return visit',
      description: 'The return visit is a new booking (Book for caller); 409 when the visit waits for no part.',
      params: appointmentPathParamsSchema,
      response: { 200: jobRecordResponseSchema, ...errorResponses(404, 409) },
    },
  }, async (request) => markPartArrived(ctx, request.params.id, jobActor(request)));
}
