import { z } from 'zod';
import { businessDateSchema, timeSlotSchema } from './appointments.ts';

/**
 * Closures (staff): days the business is closed (a holiday) or keeps reduced hours. A closed day offers no arrival
 * window; a reduced-hours day offers only the windows it lists. Availability, booking, the customer's reschedule and
 * the office's all honour them. Managed at `closuresPath` (booking owns them: they only change what can be booked).
 */
export const closuresPath = '/api/appointments/closures';
export const closurePath = (date: string) => `${closuresPath}/${date}`;

export const closureLimits = { reason: 120, windows: 24 } as const;

export const closureMessages = {
  dateRequired: 'Date is required',
  reasonTooLong: `Reason must be at most ${closureLimits.reason} characters`,
  windowsRequired: 'Choose at least one arrival window that stays open, or close the whole day',
  windowNotOffered: 'Choose from the arrival windows the day offers',
  windowRepeated: 'Each arrival window can be listed only once',
  pastDate: 'Choose today or a later date',
  exists: 'That day already has a closure. Remove it first to change it.',
  notFound: 'There is no closure on that day.',
  /** The customer's words, when booking or moving their own visit. */
  customerClosedDay: 'We are closed on {day}{reason}. Please choose another day.',
  customerClosedWindow: 'We keep reduced hours on {day}{reason}, and that time is not offered. Please choose one of the listed times.',
  /** The dispatcher's words, when the office moves a visit. */
  officeClosedDay: 'The business is closed on {day}{reason}: no visit can be moved there. Choose another day, or remove the closure first.',
  officeClosedWindow: 'On {day}{reason} only reduced hours are open, and the {window} window is not one of them. Choose an open window.',
  /** The dispatcher's words, when the office reopens a cancelled visit on a day closed since. */
  officeReopenClosed: 'The business is closed for this visit\'s time on {day}{reason}, so it cannot be reopened there. Remove the closure first, or book the customer another time.',
} as const;

/** A closure's day as people say it, e.g. 'Thursday, November 26' (a calendar date, no time zone involved). */
export function closureDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Fills a closure message: the day in words and the reason in brackets when there is one. */
export function closureMessage(template: string, closure: { date: string; reason: string | null }, window?: string): string {
  return template
    .replace('{day}', closureDay(closure.date))
    .replace('{reason}', closure.reason ? ` (${closure.reason})` : '')
    .replace('{window}', window ?? '');
}

/** `POST closuresPath`: a date, an optional reason, and either no windows (closed all day) or the windows that stay open. */
export const createClosureSchema = z.object({
  date: businessDateSchema,
  reason: z
    .string()
    .trim()
    .max(closureLimits.reason, closureMessages.reasonTooLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
  openSlots: z
    .array(timeSlotSchema)
    .min(1, closureMessages.windowsRequired)
    .max(closureLimits.windows, closureMessages.windowNotOffered)
    .refine((slots) => new Set(slots).size === slots.length, closureMessages.windowRepeated)
    .nullable()
    .optional(),
});
export type CreateClosure = z.input<typeof createClosureSchema>;
export type CreateClosureParsed = z.output<typeof createClosureSchema>;

export const closureDateParamsSchema = z.object({ date: businessDateSchema });

export const closureSchema = z.object({
  date: z.string(),
  reason: z.string().nullable(),
  /** Null: closed all day. Otherwise the arrival windows that stay open, in day order. */
  openSlots: z.array(z.string()).nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Visits already booked that day outside what stays open, for the office to call and move. */
  visitsToMove: z.number().int(),
});
export type Closure = z.infer<typeof closureSchema>;
/** `GET closuresPath` (staff): today's and later closures, in date order, with the windows a day normally offers. */
export const closureListSchema = z.object({ items: z.array(closureSchema), daySlots: z.array(z.string()) });
export type ClosureList = z.infer<typeof closureListSchema>;

/**
 * Public: the bookable days the business is closed all day, with their reasons, in date order (`GET closedDaysPath`),
 * for the booking calendar to show as closed before anyone picks one. A day with reduced hours is not listed: the
 * windows it keeps open are offered as usual.
 */
export const closedDaysPath = '/api/appointments/closed-days';
export const closedDaysSchema = z.object({ days: z.array(z.object({ date: z.string(), reason: z.string().nullable() })) });
export type ClosedDays = z.infer<typeof closedDaysSchema>;
