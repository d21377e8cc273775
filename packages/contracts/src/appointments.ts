import { z } from 'zod';
import { appliances, appointmentStatuses, brands, serviceTypes, visitStages } from './choices.ts';
import { booking, business } from './constants.ts';
import { applianceIntakeSchema, intakeFieldsSchema } from './intake.ts';
import { jobRecordSchema, waitingForPartsSchema, warrantyClaimSchema } from './job-record.ts';
import { bookingPhotoLimit, bookingPhotoSchema, photoDraftMessages } from './photos.ts';
import { rowIdSchema, strictQueryNumber } from './safe-input.ts';

const isoDateForm = z.string({ error: 'Date is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be in YYYY-MM-DD form');
const isCalendarDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
export const isoDateSchema = isoDateForm.refine(isCalendarDate, 'Date is not a real calendar date');

/** The dates a booking or a filter may name (issue 16): far-past and far-future dates are refused, never computed with. */
export const businessDateRange = { first: '2000-01-01', last: '2100-12-31' } as const;
export const businessDateSchema = isoDateForm
  .refine((value) => value >= businessDateRange.first && value <= businessDateRange.last, `Date must be between ${businessDateRange.first} and ${businessDateRange.last}`)
  .refine(isCalendarDate, 'Date is not a real calendar date');

export const timeSlotSchema = z
  .string({ error: 'Time slot is required' })
  .min(1, 'Time slot is required')
  .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'Time slot must look like 14:00-15:00');

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

function choice<T extends readonly [string, ...string[]]>(values: T, requiredMessage: string) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? requiredMessage : `${requiredMessage.replace(' is required', '')} must be one of the listed options`),
  });
}

export const availableSlotsQuerySchema = z.object({ date: businessDateSchema });
export type AvailableSlotsQuery = z.infer<typeof availableSlotsQuerySchema>;

export const availableSlotsResponseSchema = z.object({
  date: z.string(),
  availableSlots: z.array(z.string()),
  /** Why the list is empty, when it is: a person can act on it. */
  reason: z.string().optional(),
});
export type AvailableSlotsResponse = z.infer<typeof availableSlotsResponseSchema>;

/** Step 2 fields of the booking wizard. */
export const serviceDetailsSchema = z.object({
  serviceType: choice(serviceTypes, 'Service type is required'),
  appliance: choice(appliances, 'Appliance is required'),
  brand: choice(brands, 'Brand is required'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').optional(),
  /** The optional, skippable intake: model and serial number from the rating plate, and the warranty. */
  ...intakeFieldsSchema.shape,
});

/**
 * When online booking offers arrival windows: Monday to Saturday (Sundays are never offered), the first window opening
 * and the last closing at these Eastern times (booking's BOOKING_OPEN_TIME and BOOKING_CLOSE_TIME defaults). The phone
 * line keeps the business's longer hours (`business.hours`), and emergencies are taken around the clock.
 */
export const onlineBookingHours = { days: 'Monday to Saturday', opens: '08:00', closes: '17:00' } as const;

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Please enter a 10-digit US phone number, such as (904) 555-0123',
} as const;

/**
 * The ten digits of a US phone number as a person types it: digits with spaces, dots, dashes or brackets, optionally
 * led by 1 or +1 (the country code). Undefined when it is not one, e.g. "12" or a number from another country.
 */
export function usPhoneDigits(value: string): string | undefined {
  const typed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return undefined;
  const digits = typed.replace(/\D/g, '');
  if (digits.length === 10 && !typed.startsWith('+')) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return undefined;
}

/** A plausible US phone number, kept as typed (trimmed); the form and the service share it. */
export const usPhoneSchema = z
  .string({ error: phoneMessages.required })
  .trim()
  .min(1, phoneMessages.required)
  .max(40, phoneMessages.invalid)
  .refine((value) => value === '' || usPhoneDigits(value) !== undefined, phoneMessages.invalid);

/** Step 3 fields of the booking wizard. */
export const contactInfoSchema = z.object({
  customerName: requiredText('Customer name is required'),
  email: z.email({ error: 'Valid email is required' }).max(254, 'Valid email is required'),
  phone: usPhoneSchema,
  address: requiredText('Service address is required'),
  city: requiredText('City is required', 100),
  state: requiredText('State is required', 2).default(booking.defaultState),
  zipCode: z
    .string({ error: 'Valid zip code is required' })
    .trim()
    .min(booking.zipMin, 'Valid zip code is required')
    .max(booking.zipMax, 'Zip code too long'),
});

/**
 * The words of the booking form's SMS consent checkbox, next to a link to the SMS terms. The business's to edit (text
 * programs must say who texts, what about, that rates may apply and how to stop). Booking stores these words with each
 * appointment whose customer ticked the box, so a later edit never changes what an earlier customer agreed to.
 */
export const smsConsentWording = `Text me about this appointment from ${business.name}: confirmation, reminders (reply C to confirm or R for a call back), on-my-way, running-late and arrival texts, and my receipt. Message and data rates may apply. Reply STOP to opt out, HELP for help.`;

export const appointmentRequestSchema = z.object({
  ...contactInfoSchema.shape,
  ...serviceDetailsSchema.shape,
  appointmentDate: businessDateSchema,
  timeSlot: timeSlotSchema,
  /** The customer ticked the SMS consent (`smsConsentWording`) to get texts about this appointment; off unless given. */
  smsConsent: z.boolean({ error: 'SMS consent must be true or false' }).default(false),
  /** The photos added in step 2 (optional): drafts booking granted, each with its token (`photoDraftPath`). */
  photos: z.array(bookingPhotoSchema, { error: photoDraftMessages.invalid }).max(bookingPhotoLimit, photoDraftMessages.tooMany).optional(),
});
export type AppointmentRequest = z.input<typeof appointmentRequestSchema>;
export type AppointmentRequestParsed = z.output<typeof appointmentRequestSchema>;

export const appointmentStatusSchema = z.enum(appointmentStatuses);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  serviceRequestId: z.number().int().nullable(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  appointmentDate: z.string(),
  timeSlot: z.string(),
  serviceType: z.string(),
  appliance: z.string(),
  brand: z.string(),
  description: z.string().nullable(),
  status: appointmentStatusSchema,
  technicianId: z.string().nullable(),
  technicianNotes: z.string().nullable(),
  totalCost: z.string().nullable(),
  confirmationCode: z.string(),
  createdAt: z.string(),
  /** What the customer told at booking from the rating plate, and the warranty; null when they skipped it. */
  intake: applianceIntakeSchema.nullable(),
  /** The part the visit waits for, which the customer sees on their appointment page; null when it waits for none. */
  waitingForParts: waitingForPartsSchema.nullable(),
  /**
   * The visit under way as tracking last told booking: the technician on the way, arrived, or working; null before
   * the technician sets off (and again after a new technician or time sends the job back to dispatched).
   */
  visitStage: z.enum(visitStages).nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export type VisitStage = (typeof visitStages)[number];

/**
 * The one status every page shows for an appointment: the visit's stage while the technician is on the way, there or
 * working (tracking's words: `en-route`, `arrived`, `in-progress`), otherwise the appointment's own status. So the
 * appointment page, the portal's list, the dispatch board and the tracking screens never disagree.
 */
export function shownAppointmentStatus({ status, visitStage }: Pick<Appointment, 'status' | 'visitStage'>): AppointmentStatus | VisitStage {
  const open = status === 'scheduled' || status === 'confirmed' || status === 'in-progress';
  return open && visitStage ? visitStage : status;
}

export const createAppointmentResponseSchema = z.object({
  status: z.literal('scheduled'),
  confirmationCode: z.string(),
  appointment: appointmentSchema,
  /** The appointment's `manage` link token: the confirmation links to `appointmentManagePath(id, manageToken)`. */
  manageToken: z.string(),
});
export type CreateAppointmentResponse = z.infer<typeof createAppointmentResponseSchema>;

/**
 * `GET /api/appointments` (staff): in schedule order, a page at a time (`page` from 1, `pageSize` up to 200, 100 by
 * default); the answer is the page's array, and the `X-Total-Count` header counts every match.
 */
export const appointmentListQuerySchema = z.object({
  date: businessDateSchema.optional(),
  status: appointmentStatusSchema.optional(),
  page: strictQueryNumber(z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000, 'Page must be at most 10000')).default(1),
  pageSize: strictQueryNumber(z.number({ error: 'Page size must be a number' }).int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(200, 'Page size must be at most 200')).default(100),
});
/**
 * The staff view of an appointment: `scheduledTime` is the slot's start as an instant (ISO 8601 with offset);
 * `version` is what an office action sends back (a change made since answers 409); who confirmed it and when (while
 * confirmed), and why the office cancelled it (while cancelled by the office).
 */
export const staffAppointmentSchema = appointmentSchema.extend({
  scheduledTime: z.string(),
  version: z.number().int(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /**
   * When the customer asked to be called back (an R answered to the day-before reminder's text), until the office
   * acts on the visit (confirms, moves, cancels it) or the customer answers C; null otherwise.
   */
  callBackRequestedAt: z.string().nullable(),
  /** What the technician recorded at the visit (model, serial, diagnosis, parts needed); null until they did. */
  jobRecord: jobRecordSchema.nullable(),
  /** For warranty work, what the manufacturer's claim asks for; null until recorded. */
  warrantyClaim: warrantyClaimSchema.nullable(),
  /** When the office last marked a waited-for part arrived; null when none has. */
  partArrivedAt: z.string().nullable(),
});
export type StaffAppointment = z.infer<typeof staffAppointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);
export const staffAppointmentListSchema = z.array(staffAppointmentSchema);

/** The `:id` of an appointment call: digits only, within the id column's range (see `rowIdSchema`). */
export const appointmentIdParamsSchema = z.object({ id: rowIdSchema('Appointment id') });

export const appointmentStatusChangeSchema = z.object({ status: appointmentStatusSchema });

export const assignMessages = {
  technicianNotFound: 'Technician not found',
  technicianInactive: '{name} is deactivated, so they get no new jobs. Reactivate them under Technicians first, or choose another technician.',
  cancelled: 'This appointment has been cancelled, so its technician cannot be changed. Reopen it first.',
  completed: 'This appointment is completed, so its technician can no longer be changed.',
} as const;

/**
 * An appointment's signed links (manage and track) are honoured until this long after the end of its current slot,
 * by booking and by tracking alike.
 */
export const appointmentLinkGraceMs = 24 * 60 * 60 * 1000;

export const slotTakenMessage = 'That time slot is no longer available. Please choose another time.';

/**
 * The office's side of a booking (staff and administrators): `POST /api/appointments/:id/<action>` with the
 * `version` the office last saw; cancelling needs a reason. Each answers the appointment as it is now, and each is a
 * row of the appointment's history.
 */
export const officeActions = ['confirm', 'cancel', 'reopen', 'no-show'] as const;
export type OfficeAction = (typeof officeActions)[number];
export const officeActionPath = (id: number, action: OfficeAction) => `/api/appointments/${id}/${action}`;

export const officeActionLimits = { reason: 500 } as const;

export const officeActionMessages = {
  versionRequired: 'Version is required: reload the appointment and try again',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${officeActionLimits.reason} characters`,
  stale: 'This appointment was changed by someone else since you opened it. It now shows the latest; check it and try again.',
  notFound: 'Appointment not found.',
  confirmNotScheduled: 'Only a scheduled appointment can be confirmed; this one is {status}.',
  alreadyConfirmed: 'This appointment is already confirmed.',
  cancelClosed: 'This appointment is {status}, so it cannot be cancelled.',
  alreadyCancelled: 'This appointment is already cancelled.',
  reopenNotClosed: 'Only a cancelled or no-show appointment can be reopened; this one is {status}.',
  reopenFull: 'This time slot has filled since the appointment was cancelled, so it cannot be reopened there.',
  noShowNotAwaited: 'Only a scheduled or confirmed appointment can be marked as a no-show; this one is {status}.',
  noShowTooEarly: 'A no-show can be marked only once the arrival window has started.',
} as const;

/** The words of a status inside the messages above (`{status}`). */
export const appointmentStatusWords: Record<AppointmentStatus, string> = {
  scheduled: 'scheduled',
  confirmed: 'confirmed',
  'in-progress': 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
  'no-show': 'a no-show',
};

const version = z.number({ error: officeActionMessages.versionRequired }).int(officeActionMessages.versionRequired).min(0, officeActionMessages.versionRequired);
/** The body of confirm, reopen and no-show. */
export const officeActionSchema = z.object({ version });
/** The body of cancel: the reason is kept in the appointment's history. */
export const officeCancelSchema = z.object({
  version,
  reason: z
    .string({ error: officeActionMessages.reasonRequired })
    .trim()
    .min(1, officeActionMessages.reasonRequired)
    .max(officeActionLimits.reason, officeActionMessages.reasonTooLong),
});
export type OfficeCancel = z.infer<typeof officeCancelSchema>;

/**
 * `PUT /api/appointments/:id/assign` (staff): a technician's id, or null to unassign; with `version` (the one the
 * office last saw, as the dispatch board sends it) a change made since answers 409 `officeActionMessages.stale`.
 */
export const assignTechnicianSchema = z.object({
  technicianId: z
    .string({ error: 'Technician is required' })
    .trim()
    .min(1, 'Technician is required')
    .max(64, 'Technician not found')
    .nullable(),
  version: version.optional(),
});
export type AssignTechnician = z.infer<typeof assignTechnicianSchema>;

/**
 * `POST /api/appointments/:id/reschedule` (staff): the appointment moves to another arrival window by the rules of a
 * new booking (bookable day, an offered window starting after the notice, room in it), with the version the office
 * last saw. The technician stays; the customer is told (the `rescheduled` change).
 */
export const staffReschedulePath = (id: number) => `/api/appointments/${id}/reschedule`;
export const staffRescheduleSchema = z.object({ version, appointmentDate: businessDateSchema, timeSlot: timeSlotSchema });
export type StaffReschedule = z.infer<typeof staffRescheduleSchema>;
export const staffRescheduleMessages = {
  sameWindow: 'The appointment is already in that arrival window.',
  full: 'The {window} window is full: it already has as many visits as we take at once. Choose another window, or move a visit out of it first.',
  notMovable: 'This appointment is {status}, so it cannot be moved to another time.',
  pastVisit: 'This is a past visit brought in from history, so it cannot be moved.',
} as const;

/**
 * `GET /api/appointments/board?date=` (staff): the dispatch board of one business day: every arrival window the day
 * offers (and any other window a visit of that day is in), with its booked places and capacity, and every appointment
 * of the day in schedule order, and the day's closure if it has one.
 */
export const dispatchBoardPath = '/api/appointments/board';
export const dispatchBoardQuerySchema = z.object({ date: businessDateSchema });
export const arrivalWindowSchema = z.object({
  timeSlot: z.string(),
  /** The window's start and end as instants (ISO 8601), for the board's "now" line. */
  start: z.string(),
  end: z.string(),
  booked: z.number().int(),
  capacity: z.number().int(),
});
export type ArrivalWindow = z.infer<typeof arrivalWindowSchema>;
/** The day's closure, if it has one: closed all day (no open slots) or reduced hours (the windows that stay open). */
export const boardClosureSchema = z.object({ reason: z.string().nullable(), openSlots: z.array(z.string()).nullable() });
export type BoardClosure = z.infer<typeof boardClosureSchema>;
export const dispatchBoardSchema = z.object({
  date: z.string(),
  windows: z.array(arrivalWindowSchema),
  appointments: staffAppointmentListSchema,
  closure: boardClosureSchema.nullable(),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/**
 * `POST /api/appointments/for-caller` (staff): the office books for someone on the phone, by the public wizard's rules
 * (a bookable day, an offered window after the notice, closures); a full window is refused unless the office ticks
 * `overCapacity` and says why, and then the booking goes over the window's capacity and its history keeps who did it
 * and why. The same Idempotency-Key answers the same booking again.
 */
export const bookForCallerPath = '/api/appointments/for-caller';
export const callerBookingLimits = { reason: 500 } as const;
export const callerBookingMessages = {
  reasonRequired: 'Say why this window may go over its capacity',
  reasonTooLong: `The reason must be at most ${callerBookingLimits.reason} characters`,
  full: 'That window is full. Choose another window, or tick "Book over capacity" and say why.',
  booked: (code: string) => `Booked: confirmation ${code}. The customer gets the confirmation by email.`,
  overCapacityDetail: 'Booked by the office over the window\'s capacity',
  forCallerDetail: 'Booked by the office for a caller',
} as const;
export const callerBookingSchema = z
  .object({
    ...appointmentRequestSchema.shape,
    overCapacity: z.boolean({ error: 'Over capacity must be true or false' }).default(false),
    overCapacityReason: z.string({ error: callerBookingMessages.reasonRequired }).trim().max(callerBookingLimits.reason, callerBookingMessages.reasonTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.overCapacity && !value.overCapacityReason) {
      ctx.addIssue({ code: 'custom', path: ['overCapacityReason'], message: callerBookingMessages.reasonRequired });
    }
  });
export type CallerBooking = z.input<typeof callerBookingSchema>;
export type CallerBookingParsed = z.output<typeof callerBookingSchema>;

/** What happened to an appointment, as its history says it. */
export const appointmentHistoryActions = [
  'booked', 'rescheduled', 'cancelled', 'confirmed', 'reopened', 'no-show', 'status-changed', 'assigned', 'unassigned', 'completed', 'customer-linked',
  'call-back-requested', 'part-arrived', 'visit-progressed',
] as const;
export type AppointmentHistoryAction = (typeof appointmentHistoryActions)[number];

/**
 * `GET /api/appointments/:id/history` (staff): every change of the appointment, newest first: when, who (a staff
 * member's email, or the customer, the technician or the system), what, the status before and after, and the reason
 * or detail given.
 */
export const appointmentHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(appointmentHistoryActions),
  fromStatus: appointmentStatusSchema.nullable(),
  toStatus: appointmentStatusSchema,
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AppointmentHistoryEntry = z.infer<typeof appointmentHistoryEntrySchema>;
export const appointmentHistorySchema = z.object({ items: z.array(appointmentHistoryEntrySchema) });
