import { z } from 'zod';
import { appointmentIdParamsSchema, appointmentSchema, businessDateSchema, timeSlotSchema } from './appointments.ts';

/**
 * The appointment as one page (portal `/appointments/:id`). Two ways in:
 * - the signed-in customer who owns it (session cookie or bearer);
 * - a signed link issued by booking: `manage` (view, reschedule, cancel, pay, calendar) or `track` (the tracking page
 *   only, the one a customer may share). The link's token travels in the URL fragment (`#access=<token>`, never sent
 *   to a server by the browser) and the page sends it as the `X-Appointment-Access` header.
 * A token expires a day after the appointment's slot ends. Another customer's appointment is a 404.
 */
export const appointmentAccessHeader = 'x-appointment-access';
export const appointmentLinkScopes = ['manage', 'track'] as const;
export type AppointmentLinkScope = (typeof appointmentLinkScopes)[number];

/**
 * The claims of a link token (EdDSA, signed with booking's own link key, verified with its public key). `typ` and the absence of `role`
 * and `sid` keep it from ever passing as a session; a session token never passes as a link (no `typ`). `exp` is a day
 * after the slot the link was issued for; booking honours a link until a day after the appointment's current slot,
 * so a link survives a reschedule.
 */
export const appointmentLinkTokenType = 'appointment-link';
export const appointmentLinkClaimsSchema = z.object({
  typ: z.literal(appointmentLinkTokenType),
  sub: z.string(),
  appointmentId: z.number().int().positive(),
  scope: z.enum(appointmentLinkScopes),
  exp: z.number().int(),
});
export type AppointmentLinkClaims = z.infer<typeof appointmentLinkClaimsSchema>;

/** The `:id` of an appointment call (the appointment page, staff status changes and assignment). */
export const appointmentPathParamsSchema = appointmentIdParamsSchema;

/** Portal addresses of an appointment's page and of its manage and track links. */
export const appointmentPagePath = (id: number) => `/appointments/${id}`;
export const appointmentManagePath = (id: number, token: string) => `/appointments/${id}#access=${encodeURIComponent(token)}`;
/** The portal's technician tracking page of an appointment opened with its `track` link (the only page that link opens). */
export const appointmentTrackPath = (id: number, token: string) => `/technician-tracking?appointment=${id}#access=${encodeURIComponent(token)}`;

export const appointmentDetailsSchema = z.object({
  appointment: appointmentSchema,
  /** The slot as instants (ISO 8601 with offset), in the business time zone. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Whether reschedule and cancel are still possible; when not, `changeBlockedReason` says why (and to call). */
  canChange: z.boolean(),
  changeBlockedReason: z.string().optional(),
  /** Hours before the start after which changes need a phone call. */
  changeCutoffHours: z.number(),
  /** A `track` token for the tracking page, to open or share; only for a caller with manage access. */
  trackToken: z.string().optional(),
  /** A fresh `manage` token (what the confirmation shows as the manage link). */
  manageToken: z.string().optional(),
});
export type AppointmentDetails = z.infer<typeof appointmentDetailsSchema>;

export const rescheduleRequestSchema = z.object({ appointmentDate: businessDateSchema, timeSlot: timeSlotSchema });
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

export const appointmentPageMessages = {
  notFound: 'We could not find that appointment.',
  linkExpired: 'This link has expired. Please log in to your account or call us.',
  /** `{hours}` and `{phone}` are filled in. */
  pastCutoff: 'This appointment starts in less than {hours} hours, so it can no longer be changed online. Please call {phone}.',
  alreadyCancelled: 'This appointment has been cancelled.',
  notChangeable: 'This appointment can no longer be changed online. Please call {phone}.',
  sameSlot: 'That is the time you already have. Please choose another time.',
  /** A `track` link opens only the tracking page. */
  trackOnly: 'This link only shows the technician tracking page. Please use the manage link or log in to your account.',
  rescheduled: 'Your appointment has been moved.',
  cancelled: 'Your appointment has been cancelled.',
} as const;

/**
 * Paths of the appointment page's calls (booking). `details` answers AppointmentDetails; `reschedule` (PUT,
 * RescheduleRequest) and `cancel` (POST, no body) answer the updated AppointmentDetails; `calendar` answers an
 * iCalendar file (text/calendar). Every call takes the session or the `X-Appointment-Access` header.
 */
export const appointmentPageApi = {
  details: (id: number) => `/api/customer/appointments/${id}`,
  reschedule: (id: number) => `/api/customer/appointments/${id}/reschedule`,
  cancel: (id: number) => `/api/customer/appointments/${id}/cancel`,
  calendar: (id: number) => `/api/customer/appointments/${id}/calendar.ics`,
} as const;

/**
 * "Find my appointment": a visitor who lost the confirmation enters the email they booked with, and booking has
 * notifications email that address the manage links of its upcoming appointments. No account is needed, and the answer
 * is the same whether or not the address has any (nobody learns who booked). Throttled per client (429) and, silently,
 * per address: at most `perAddressPerHour` emails an hour reach one address, however often it is asked for.
 */
export const findAppointmentPath = '/api/appointments/find';
export const findAppointmentLimits = { perClientPerHour: 10, perAddressPerHour: 3, mostListed: 10 } as const;
export const findAppointmentRequestSchema = z.object({
  email: z
    .string({ error: 'Enter the email you booked with' })
    .trim()
    .min(1, 'Enter the email you booked with')
    .max(254, 'Enter a valid email address')
    .pipe(z.email({ error: 'Enter a valid email address' })),
});
export type FindAppointmentRequest = z.infer<typeof findAppointmentRequestSchema>;
export const findAppointmentResponseSchema = z.object({ message: z.string() });
export type FindAppointmentResponse = z.infer<typeof findAppointmentResponseSchema>;
export const findAppointmentMessages = {
  /** `{email}` is filled in. */
  sent: 'If any upcoming appointments were booked with {email}, we have emailed their links to it. It can take a few minutes; check your spam folder too.',
} as const;
