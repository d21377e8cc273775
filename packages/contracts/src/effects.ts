import { z } from 'zod';
import { appointmentStatuses, technicianStatuses, visitStages } from './choices.ts';
import { invoiceAccessKeySchema } from './invoices.ts';

/**
 * Topics of the durable cross-service effects: what one service tells another, delivered exactly once through the
 * sender's outbox (see `createEffects` in the service kit). Payloads carry ids and keys, not whole records.
 */

/**
 * accounts → booking: a customer's session began on a proven email (the registration's link, a sign-in link, or a
 * password login to an account whose email was proven). Booking gives the account what was booked under that email
 * without an account (appointments and service requests), so a homeowner who booked first and registered after finds
 * the visit in the portal. A typed email proves nothing, so a session on an unproven one sends nothing.
 */
export const customerEmailProvenTopic = 'account.email-proven';
export const customerEmailProvenEffect = z.object({
  customerId: z.number().int().positive(),
  email: z.email(),
});
export type CustomerEmailProven = z.infer<typeof customerEmailProvenEffect>;

/**
 * accounts → booking, demo data only: the demo customer now exists with this id. Booking's demo history was seeded
 * under the same email (the key accounts owns), so booking links it to the account without reading accounts' tables.
 */
export const demoCustomerSeededTopic = 'demo-customer.seeded';
/** The same customer id and email as `customerEmailProvenEffect`, and applied alike. */
export const demoCustomerSeededEffect = customerEmailProvenEffect;
export type DemoCustomerSeeded = CustomerEmailProven;

/**
 * tracking → booking and accounts: a technician as booking needs it to offer and check assignments (its replica). Sent in the
 * transaction of every create, edit and status change in tracking, the demo seed included, so booking can assign
 * while tracking is down. `version` grows with every change of the technician's row: booking keeps only the newest,
 * so out-of-order or repeated deliveries are harmless.
 */
export const technicianChangedTopic = 'technician.changed';
export const technicianChangedEffect = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(100),
  status: z.enum(technicianStatuses),
  version: z.number().int().min(0),
  /** False while deactivated (no new jobs, no sign-in); absent from senders before deactivation existed: active. */
  active: z.boolean().default(true),
});
export type TechnicianChanged = z.infer<typeof technicianChangedEffect>;

/**
 * booking → tracking: the appointment as tracking needs it, whole, after every change that matters to a visit
 * (assignment, unassignment, reschedule, cancel, status change). `version` grows with every change of the
 * appointment's row, so tracking applies only a newer snapshot than the one it has: out-of-order or repeated
 * deliveries change nothing. Tracking opens a tracking record when a snapshot first carries a technician, moves it
 * with a new technician or time, and closes it on unassignment or cancellation.
 */
export const appointmentDispatchTopic = 'appointment.dispatch';

/** An appointment's visit as the events about it carry it: where, what, when, for whom and who goes. */
const appointmentVisitShape = {
  appointmentId: z.number().int().positive(),
  version: z.number().int().min(0),
  status: z.enum(appointmentStatuses),
  customerId: z.number().int().positive().nullable(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  serviceType: z.string(),
  appliance: z.string(),
  brand: z.string(),
  technicianId: z.string().min(1).max(64).nullable(),
  /** The slot as instants (ISO 8601 with the business zone's offset). */
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
};
export const appointmentDispatchEffect = z.object(appointmentVisitShape);
export type AppointmentDispatch = z.infer<typeof appointmentDispatchEffect>;

/** tracking → booking: the technician completed the job; booking marks the appointment completed (once). */
export const appointmentCompletedTopic = 'appointment.completed';
export const appointmentCompletedEffect = z.object({
  appointmentId: z.number().int().positive(),
  technicianId: z.string().min(1).max(64),
  completedAt: z.iso.datetime({ offset: true }),
});
export type AppointmentCompleted = z.infer<typeof appointmentCompletedEffect>;

/**
 * tracking → booking: the visit's stage after a change of tracking's record: the technician on the way, arrived, or
 * working; null when it is none of those any more (a new technician or time sent the job back to dispatched, or the
 * record closed). `at` orders them: booking keeps the newest, so late or repeated deliveries change nothing.
 */
export const visitProgressedTopic = 'appointment.visit-progressed';
export const visitProgressedEffect = z.object({
  appointmentId: z.number().int().positive(),
  technicianId: z.string().min(1).max(64),
  stage: z.enum(visitStages).nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type VisitProgressed = z.infer<typeof visitProgressedEffect>;

/**
 * What happened to an appointment, as `appointment.changed` says it: `part-arrived` is the office marking arrived the
 * part a visit waited for (the customer hears of it, and the office books the return visit).
 */
export const appointmentChanges = ['booked', 'rescheduled', 'cancelled', 'status-changed', 'assigned', 'completed', 'customer-linked', 'part-arrived'] as const;
export type AppointmentChange = (typeof appointmentChanges)[number];

/**
 * booking → every subscriber (notifications, for confirmations and reminders): an appointment after each change,
 * the first booking included, published in the transaction that made the change. It carries everything a
 * confirmation or a reminder needs (contact, consent, times, status, the appointment's own links and what its
 * calendar file says), so no subscriber reads booking's tables and none can sign a link. `version` grows with every
 * change of the row: a subscriber keeps only the newest, so out-of-order or repeated deliveries are harmless.
 */
export const appointmentChangedTopic = 'appointment.changed';
export const appointmentChangedEvent = z.object({
  ...appointmentVisitShape,
  change: z.enum(appointmentChanges),
  confirmationCode: z.string(),
  email: z.string(),
  /** The customer agreed to text messages about this appointment when booking; email about it needs no opt-in. */
  smsConsent: z.boolean(),
  /** The consent's words as the customer was shown them when booking; null without consent (or from before they were kept). */
  smsConsentText: z.string().nullable(),
  /** What the customer wrote about the problem, if anything (the calendar file's description carries it). */
  description: z.string().nullable(),
  /** Grows with each change of time or status: the calendar file's SEQUENCE, as booking's own download writes it. */
  revision: z.number().int().min(0),
  /**
   * The appointment's links, signed by booking as its confirmation page shows them (`appointmentManagePath`,
   * `appointmentTrackPath`): manage opens the appointment page (view, reschedule, cancel, calendar, track), track only
   * the tracking page. Each expires a day after the slot the event carries.
   */
  manageToken: z.string().min(1),
  trackToken: z.string().min(1),
});
export type AppointmentChanged = z.infer<typeof appointmentChangedEvent>;

/**
 * booking → notifications: a visitor asked for the links of the upcoming appointments booked with `email` ("find my
 * appointment"); sent only when there are some. `requestId` is booking's id of the request, the email's key.
 */
export const appointmentLinksRequestedTopic = 'appointment.links-requested';
export const appointmentLinksRequestedEvent = z.object({
  requestId: z.number().int().positive(),
  email: z.string(),
  customerName: z.string(),
  appointments: z
    .array(
      z.object({
        appointmentId: z.number().int().positive(),
        confirmationCode: z.string(),
        status: z.enum(appointmentStatuses),
        serviceType: z.string(),
        appliance: z.string(),
        brand: z.string(),
        startsAt: z.iso.datetime({ offset: true }),
        endsAt: z.iso.datetime({ offset: true }),
        /** The appointment's manage link token (`appointmentManagePath`). */
        manageToken: z.string().min(1),
      }),
    )
    .min(1),
});
export type AppointmentLinksRequested = z.infer<typeof appointmentLinksRequestedEvent>;

/**
 * accounts → notifications: a customer asked for a password reset, and their account exists (for an email no account
 * has, nothing is published). Published in the transaction that stores the token's hash; the token itself travels
 * only here, to be written into the email's link (`passwordResetLinkPath` on the portal). `requestId` names the
 * request, so a redelivered event sends one email.
 */
export const passwordResetRequestedTopic = 'account.password-reset-requested';
/** An emailed link's request: whose account, the link's token and when it expires. */
const emailedLinkRequestedEffect = z.object({
  requestId: z.uuid(),
  email: z.email(),
  customerName: z.string().min(1).max(201),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  expiresAt: z.iso.datetime({ offset: true }),
});
export const passwordResetRequestedEffect = emailedLinkRequestedEffect;
export type PasswordResetRequested = z.infer<typeof passwordResetRequestedEffect>;

/**
 * accounts → notifications: a customer asked for a sign-in link, and their account exists; as the reset request above,
 * with the link to the portal's `signInLinkUrlPath`.
 */
export const signInLinkRequestedTopic = 'account.sign-in-link-requested';
export const signInLinkRequestedEffect = emailedLinkRequestedEffect;
export type SignInLinkRequested = z.infer<typeof signInLinkRequestedEffect>;

/**
 * accounts → notifications: a signed-in customer asked for a code to prove their phone (`phoneCodePath`). Published in
 * the transaction that stores the code's hash; the code itself travels only here, to be texted to `phone` (E.164).
 * `requestId` names the request, so a redelivered event sends one text.
 */
export const phoneCodeRequestedTopic = 'account.phone-code-requested';
export const phoneCodeRequestedEffect = z.object({
  requestId: z.uuid(),
  phone: z.string().regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/),
  code: z.string().regex(/^\d{6}$/),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type PhoneCodeRequested = z.infer<typeof phoneCodeRequestedEffect>;

/**
 * accounts → notifications: failed sign-ins on an account from all clients together reached the account's limit
 * (`LOGIN_ACCOUNT_MAX_FAILURES` within `LOGIN_ACCOUNT_WINDOW_MINUTES`), so its owner is told someone is guessing its
 * password. Published only for an account that exists, at most once per account and window, in the transaction that
 * notes the alert; `alertId` names it, so a redelivered event sends one email. `scope`: a customer's portal account
 * or a back-office sign-in (technician, staff, administrator). `failures`: the account's failed attempts within the
 * last `windowMinutes` as of `at`.
 */
export const signInFailuresTopic = 'account.sign-in-failures';
export const signInFailuresEffect = z.object({
  alertId: z.uuid(),
  scope: z.enum(['customer', 'back-office']),
  email: z.email(),
  /** The owner's first name as the account has it; null when it has none. */
  firstName: z.string().min(1).max(100).nullable(),
  failures: z.number().int().positive(),
  windowMinutes: z.number().int().positive(),
  at: z.iso.datetime({ offset: true }),
});
export type SignInFailures = z.infer<typeof signInFailuresEffect>;

/**
 * accounts → notifications: a customer's email change, in the transaction that records each step. `requestId` names
 * the change, so a redelivered event sends one email of each purpose.
 * - `proof`: the link that makes `email` (the new address) the account's, its token travelling only here, to be
 *   written into the link (`confirmEmailChangeLinkPath` on the portal), valid until `expiresAt`;
 * - `attempt`: `email` (the new address) already has an account; its owner is told someone asked to move another
 *   account to it, and that nothing changed (`customerName` is that owner's, as the account has it);
 * - `changed`: the change is made; `email` is the old address, told the account now uses `newEmail` (so its owner
 *   learns of a change they did not make). Notifications carries the message choices made under the old address over.
 */
export const emailChangeTopic = 'account.email-change';
export const emailChangeEffect = z.discriminatedUnion('purpose', [
  z.object({
    purpose: z.literal('proof'),
    requestId: z.uuid(),
    email: z.email(),
    customerName: z.string().min(1).max(201),
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  z.object({ purpose: z.literal('attempt'), requestId: z.uuid(), email: z.email(), customerName: z.string().min(1).max(201) }),
  z.object({ purpose: z.literal('changed'), requestId: z.uuid(), email: z.email(), newEmail: z.email(), customerName: z.string().min(1).max(201) }),
]);
export type EmailChange = z.infer<typeof emailChangeEffect>;

/**
 * notifications → booking: a customer answered the day-before reminder's text (`C` to confirm, `R` to be called
 * back), matched to the visit that text was about. `confirm` confirms a scheduled visit (as the office's call would);
 * `call-back` asks the office to call, shown on the appointment until the office confirms it. `replyId` names the
 * answer (Twilio's message SID), so a redelivered event is applied once; `at` is when the text arrived.
 */
export const customerTextReplyTopic = 'appointment.customer-text-reply';
export const customerTextReplyEffect = z.object({
  replyId: z.string().min(1).max(64),
  appointmentId: z.number().int().positive(),
  answer: z.enum(['confirm', 'call-back']),
  at: z.iso.datetime({ offset: true }),
});
export type CustomerTextReply = z.infer<typeof customerTextReplyEffect>;

/** The technician as a customer's message names them: the first name and initials, never the full name. */
const technicianShownShape = {
  /** "Mike" of "Mike Johnson". */
  technicianFirstName: z.string().min(1).max(100),
  /** "MJ" of "Mike Johnson": what the tracking page's avatar shows. */
  technicianInitials: z.string().min(1).max(4),
};

/**
 * tracking → notifications: the technician set off for the visit (its tracking record moved to en-route), published in
 * the transaction that moved it. The ETA is tracking's as it stood at that moment: driving minutes from the
 * technician's last position (null when either position is unknown) and the estimated arrival (`live`: that position's
 * time plus the minutes; `schedule`: the scheduled start, when no live estimate exists). Never the technician's full
 * name, id, position or the record's status: the customer's email needs none of them.
 */
export const technicianEnRouteTopic = 'appointment.technician-en-route';
export const technicianEnRouteEffect = z.object({
  appointmentId: z.number().int().positive(),
  ...technicianShownShape,
  etaMinutes: z.number().int().min(0).nullable(),
  estimatedArrival: z.iso.datetime({ offset: true }),
  estimatedArrivalSource: z.enum(['live', 'schedule']),
  /** When the technician set off. */
  at: z.iso.datetime({ offset: true }),
});
export type TechnicianEnRoute = z.infer<typeof technicianEnRouteEffect>;

/**
 * tracking → notifications: the technician on the way will reach the visit after the end of its arrival window. Tracking
 * estimates the arrival whenever the technician sets off and whenever they report a position on the way (`etaMinutes`
 * driving minutes from that position, `estimatedArrival` the position's time plus them); a live estimate past
 * `windowEnd` is late (the schedule's estimate, without a position, never is). Published at most once per trip, in the
 * transaction that made the estimate and marked the trip late: a later estimate, late or not, adds nothing, and none
 * comes after arrival. A trip that starts over (the visit rescheduled, reassigned or reopened, and set off again) may
 * be late once more, for its own window. The window is booking's slot as tracking last heard it (`startsAt` and
 * `endsAt` of `appointment.dispatch`). Never the technician's full name, id or position.
 */
export const technicianRunningLateTopic = 'appointment.technician-running-late';
export const technicianRunningLateEffect = z.object({
  appointmentId: z.number().int().positive(),
  ...technicianShownShape,
  etaMinutes: z.number().int().min(0),
  estimatedArrival: z.iso.datetime({ offset: true }),
  windowStart: z.iso.datetime({ offset: true }),
  windowEnd: z.iso.datetime({ offset: true }),
  /** When the estimate was made (the position's time). */
  at: z.iso.datetime({ offset: true }),
});
export type TechnicianRunningLate = z.infer<typeof technicianRunningLateEffect>;

/** tracking → notifications: the technician arrived at the visit (the record moved to arrived), and when. */
export const technicianArrivedTopic = 'appointment.technician-arrived';
export const technicianArrivedEffect = z.object({
  appointmentId: z.number().int().positive(),
  ...technicianShownShape,
  at: z.iso.datetime({ offset: true }),
});
export type TechnicianArrived = z.infer<typeof technicianArrivedEffect>;

/**
 * payments → notifications: a payment succeeded (the demo provider's confirm, a Stripe webhook or a check with Stripe),
 * published once, in the transaction that recorded it as succeeded (a final status, never left). `paymentId` is the
 * provider's payment intent id. The card's brand and last four are given when payments knows them (the demo provider's
 * test card; Stripe's events as handled carry no card); `payerEmail` when the payer gave one for the receipt.
 */
export const paymentSucceededTopic = 'payment.succeeded';
export const paymentSucceededEffect = z.object({
  paymentId: z.string().min(1).max(255),
  amountCents: z.number().int().positive(),
  currency: z.string().min(3).max(3),
  description: z.string(),
  reference: z.string().nullable(),
  cardBrand: z.string().min(1).max(32).nullable(),
  cardLast4: z.string().regex(/^\d{4}$/).nullable(),
  payerEmail: z.string().nullable(),
  succeededAt: z.iso.datetime({ offset: true }),
});
export type PaymentSucceeded = z.infer<typeof paymentSucceededEffect>;

/**
 * payments → notifications: staff sent an invoice (draft → sent), published in the transaction that sent it (once per
 * invoice: sending it again publishes nothing). `visit` names the visit ("Bosch dishwasher (repair)").
 * `accessKey` is the invoice link's key (`invoiceLinkPath`): it travels only here, to be written into the email, and
 * payments keeps only its hash. `email` is the address the customer booked with (null when the visit has none).
 * `dueDate` is a business date (YYYY-MM-DD).
 */
export const invoiceSentTopic = 'invoice.sent';
export const invoiceSentEffect = z.object({
  invoiceId: z.number().int().positive(),
  number: z.string().min(1).max(32),
  appointmentId: z.number().int().positive(),
  customerName: z.string().max(201),
  email: z.string().nullable(),
  totalCents: z.number().int().min(0),
  balanceCents: z.number().int().min(0),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  accessKey: invoiceAccessKeySchema,
  visit: z.string().max(400),
  sentAt: z.iso.datetime({ offset: true }),
});
export type InvoiceSent = z.infer<typeof invoiceSentEffect>;
/**
 * accounts → notifications: someone registered with `email`. Published for every registration, in the transaction of
 * the registration, so the two cases do the same work and answer alike:
 * - `email-proof`: no account has the email; the pending registration's token travels only here, to be written into
 *   the email's link (`confirmEmailLinkPath` on the portal), valid until `expiresAt`;
 * - `registration-attempt`: the email already has an account; its owner is told someone tried to create one with it,
 *   with the ways to sign in or reset the password. Nothing is created.
 * `requestId` names the registration, so a redelivered event sends one email.
 */
export const registrationRequestedTopic = 'account.registration-requested';
export const registrationRequestedEffect = z.discriminatedUnion('purpose', [
  z.object({
    purpose: z.literal('email-proof'),
    requestId: z.uuid(),
    email: z.email(),
    customerName: z.string().min(1).max(201),
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  z.object({
    purpose: z.literal('registration-attempt'),
    requestId: z.uuid(),
    email: z.email(),
    /** The account owner's name, as the account has it (not what the registration typed). */
    customerName: z.string().min(1).max(201),
  }),
]);
export type RegistrationRequested = z.infer<typeof registrationRequestedEffect>;
