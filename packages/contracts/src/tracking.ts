import { z } from 'zod';
import { businessDateSchema } from './appointments.ts';
import { rowIdSchema, strictQueryNumber } from './safe-input.ts';
import { lazyDateFormat } from './business-time.ts';
import { trackingStatuses } from './choices.ts';
import { tracking } from './constants.ts';
import { locationSchema } from './technicians.ts';

/** A technician's visit to one appointment as the customer follows it, and the live messages of the /ws socket. */
export const trackingStatusSchema = z.enum(trackingStatuses);
export type TrackingStatus = z.infer<typeof trackingStatusSchema>;

/** The status badge labels; in-progress has its own rather than Unknown, so a job under way says so. */
export const trackingStatusLabels: Record<TrackingStatus, string> = {
  dispatched: 'Technician Dispatched',
  'en-route': 'On The Way',
  arrived: 'Arrived',
  'in-progress': 'In Progress',
  completed: 'Service Complete',
};

const onSiteStatuses: ReadonlySet<TrackingStatus> = new Set(['arrived', 'in-progress', 'completed']);

/**
 * Progress toward the technician's arrival: the one rule every page shows (tracking computes it for each read, the
 * customer's tracking page and the back office's Live Tracking again as their clocks move). 100 once the technician is
 * there (arrived, working, done); otherwise 0 until `progressWindowMinutes` before the estimated arrival (the live
 * estimate while on the way, the scheduled start before), rising to 100 at it.
 */
export function arrivalProgress({ status, estimatedArrival }: { status: TrackingStatus; estimatedArrival: string }, now: number): number {
  if (onSiteStatuses.has(status)) return 100;
  const at = Date.parse(estimatedArrival);
  if (Number.isNaN(at)) return 0;
  const windowMs = tracking.progressWindowMinutes * 60_000;
  return Math.round(Math.min(1, Math.max(0, (now - (at - windowMs)) / windowMs)) * 100);
}

/** Why a record was closed: its technician was unassigned, or the appointment cancelled. A closed record is kept. */
export const trackingCloseReasons = ['unassigned', 'cancelled'] as const;
export type TrackingCloseReason = (typeof trackingCloseReasons)[number];

/**
 * How precisely tracking knows where the customer's home is: `visit`, where the technician stood on arriving at this
 * address before; `street`, the street address found by the geocoder; `zip` or `town`, only the centre of the address's
 * ZIP code or town (approximate: a ZIP centre can be kilometres from the door).
 */
export const customerLocationPrecisions = ['visit', 'street', 'zip', 'town'] as const;
export type CustomerLocationPrecision = (typeof customerLocationPrecisions)[number];

export const customerLocationSchema = z.object({
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string(),
  /** Null while the address is not placed (no coordinates). */
  precision: z.enum(customerLocationPrecisions).nullable(),
  /** For a `zip` or `town` point, the ZIP code or the town whose centre it is; null otherwise. */
  centreOf: z.string().nullable(),
});
export type CustomerLocation = z.infer<typeof customerLocationSchema>;

/** Whether the home pin, and the distance and ETA measured to it, are only a ZIP's or a town's centre. */
export const isApproximateHome = (location: CustomerLocation): boolean => location.precision === 'zip' || location.precision === 'town';

/**
 * What the pages say beside the distance and ETA when the home position is only a ZIP's or a town's centre, e.g.
 * "Home location approximate (ZIP 32084 centre)"; null for a street-level or remembered position, or none.
 */
export function approximateHomeNote(location: CustomerLocation): string | null {
  if (!isApproximateHome(location)) return null;
  const area = location.precision === 'zip' ? `ZIP ${location.centreOf ?? ''}`.trim() : location.centreOf ?? 'town';
  return `Home location approximate (${area} centre)`;
}

export const trackingNotificationSchema = z.object({ type: z.string(), message: z.string(), timestamp: z.string() });
export type TrackingNotification = z.infer<typeof trackingNotificationSchema>;

/**
 * One appointment's visit as tracking knows it. Nothing here is a made-up fallback: `estimatedArrival` is the
 * scheduled start until live data exists (`estimatedArrivalSource` says which), and distance, ETA and the customer's
 * coordinates stay null until they are known. `closed` is set once the technician was unassigned or the appointment
 * cancelled; the record is then no longer active, and its status no longer changes.
 */
export const trackingRecordSchema = z.object({
  appointmentId: z.string(),
  technicianId: z.string(),
  status: trackingStatusSchema,
  /** The appointment's slot as instants (ISO 8601). */
  scheduledStart: z.string(),
  scheduledEnd: z.string(),
  estimatedArrival: z.string(),
  estimatedArrivalSource: z.enum(['schedule', 'live']),
  actualArrival: z.string().nullable(),
  /**
   * The technician's last known position while the job is open; for the customer (owner or link holder) only while
   * the technician is en route to this visit, and so too `route`, `distanceToCustomer` and `estimatedTimeToArrival`.
   */
  location: locationSchema.nullable(),
  /** Where the customer's home is, and how precisely (`precision`): distance and ETA are measured to this point. */
  customerLocation: customerLocationSchema,
  /** Positions of the trip so far (empty until the technician reports one). */
  route: z.array(z.object({ lat: z.number(), lng: z.number() })),
  /** Kilometres; null until both positions are known. */
  distanceToCustomer: z.number().nullable(),
  /** Minutes; null until both positions are known. */
  estimatedTimeToArrival: z.number().nullable(),
  /** `arrivalProgress` at the time of the read: over the 45 minutes before the estimated arrival; 100 once there. */
  progress: z.number().min(0).max(100),
  service: z.object({ serviceType: z.string(), appliance: z.string(), brand: z.string() }),
  notifications: z.array(trackingNotificationSchema),
  closed: z.object({ at: z.string(), reason: z.enum(trackingCloseReasons) }).nullable(),
  updatedAt: z.string(),
  /**
   * The office let the technician move the job on `day` (a business date), though the visit is dated another: a
   * technician moves only a job of today or one allowed today. Staff and the technician see it; null for customers,
   * and when none was given.
   */
  startAllowed: z.object({ day: z.string(), by: z.string() }).nullable(),
});
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;

/**
 * `POST /api/tracking/:appointmentId/allow-today` (staff, no body): lets the job's technician move it today although
 * the visit is dated another day (answers the record). 409 for a visit of today (nothing to allow), a completed job or
 * a closed record; 404 for none.
 */
export const trackingAllowTodayPath = (appointmentId: number | string) => `/api/tracking/${appointmentId}/allow-today`;

/** Booking's appointment id: digits only, within the id column's range. */
export const trackingAppointmentIdSchema = rowIdSchema('Appointment id');
export const trackingParamsSchema = z.object({ appointmentId: trackingAppointmentIdSchema });

/**
 * `GET /api/tracking`: active records (neither completed nor closed), in schedule order, a page at a time. Staff see
 * every one, a customer those of their own appointments. `date` keeps those scheduled on that business date
 * (America/New_York).
 */
export const trackingListQuerySchema = z.object({
  date: businessDateSchema.optional(),
  page: strictQueryNumber(z.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').max(10_000, 'Page must be at most 10000')).default(1),
  pageSize: strictQueryNumber(z.number({ error: 'Page size must be a number' }).int('Page size must be a whole number').min(1, 'Page size must be at least 1').max(100, 'Page size must be at most 100')).default(50),
});
export type TrackingListQuery = z.input<typeof trackingListQuerySchema>;
export const trackingListSchema = z.object({
  items: z.array(trackingRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TrackingList = z.infer<typeof trackingListSchema>;

/** `PUT /api/tracking/:appointmentId/status` (staff, or the technician assigned to the job): the next step of the visit. */
export const trackingStatusChangeSchema = z.object({
  status: z.enum(trackingStatuses, { error: `Status must be one of ${trackingStatuses.join(', ')}` }),
});
export type TrackingStatusChange = z.infer<typeof trackingStatusChangeSchema>;

/** `GET /api/technicians/:id?appointment=<id>`: a customer or link holder reads the technician of that appointment. */
export const technicianQuerySchema = z.object({ appointment: trackingAppointmentIdSchema.optional() });

export const trackingMessages = {
  /** Also for an appointment of someone else: it answers exactly as a missing one. */
  notFound: 'We could not find tracking for that appointment.',
  technicianNotFound: 'We could not find that technician.',
  /** `{current}` and `{next}` are status labels. */
  notNext: 'This job is {current}, so it can only move to {next} next.',
  completed: 'This job is already complete, so its status can no longer change.',
  closedCancelled: 'This appointment was cancelled, so its status can no longer change.',
  closedUnassigned: 'The technician was taken off this job, so its status can no longer change.',
  /** `{day}`: the visit's day ("Tuesday, December 1"). A technician moves a job of another day only once the office allows it. */
  otherDay: 'This visit is on {day}. Call the office: they confirm a visit on another day before you start it.',
  allowNotNeeded: 'This visit is today, so its technician can start it already.',
} as const;

const visitDayWords = lazyDateFormat({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Why a technician may not move a job dated `day` (YYYY-MM-DD) today: `trackingMessages.otherDay` with the day in words. */
export const otherDayMessage = (day: string): string => trackingMessages.otherDay.replace('{day}', visitDayWords().format(new Date(`${day}T12:00:00Z`)));

/** What the customer reads in the record's notifications list. */
export const trackingNotificationMessages = {
  dispatched: 'Technician dispatched',
  reassigned: 'A different technician has been dispatched',
  rescheduled: 'Appointment rescheduled',
  'en-route': 'Your technician is on the way',
  arrived: 'Your technician has arrived',
  'in-progress': 'Service started',
  completed: 'Service complete',
  cancelled: 'Appointment cancelled',
  unassigned: 'Technician unassigned',
} as const;

/**
 * The /ws socket. A connection is authenticated on the upgrade by its session (the customer cookie, the back-office
 * cookie, or a bearer header for API clients); a visitor with only an appointment's link sends the link token in the
 * subscribe message (`access`), never in the address. At most `wsLimits.connectionsPerClient` sockets per client
 * address (429 on the upgrade beyond that); messages over `wsLimits.maxMessageBytes` close the socket (1009); a ping
 * every `wsLimits.heartbeatMs`, and a socket that has not answered the previous one is dropped.
 */
export const wsPath = '/ws';
/**
 * Sockets per client address, message size, heartbeat, subscriptions per socket; and the seconds a client refused for
 * having too many sockets open is asked to wait (Retry-After) before trying again.
 */
export const wsLimits = { connectionsPerClient: 20, maxMessageBytes: 4096, heartbeatMs: 30_000, maxSubscriptionsPerSocket: 50, retryAfterSeconds: 5 } as const;

export const wsClientMessageSchema = z.discriminatedUnion('type', [
  /** Follow one appointment: allowed for staff, its owner, or the holder of its link (`access`). */
  z.object({ type: z.literal('subscribe'), appointmentId: z.string().min(1).max(64), access: z.string().min(1).max(2048).optional() }),
  /** Staff only: every tracking and location update (the back office's screens). */
  z.object({ type: z.literal('subscribe_all') }),
  z.object({ type: z.literal('unsubscribe'), appointmentId: z.string().min(1).max(64) }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export const wsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), appointmentId: z.string().nullable() }),
  /** The appointment's tracking record changed: refetch it. */
  z.object({ type: z.literal('tracking_update'), appointmentId: z.string() }),
  /**
   * A technician moved. A subscriber of an appointment hears only its own technician, while they are en route to it
   * (`appointmentId` says which of its subscriptions); a staff subscriber hears every technician (`appointmentId` null).
   */
  z.object({ type: z.literal('location_update'), technicianId: z.string(), appointmentId: z.string().nullable() }),
  /**
   * A refused subscription or a malformed message, or a subscription ended because its access went with a change (a
   * technician taken off the job); the socket stays open.
   */
  z.object({ type: z.literal('error'), message: z.string(), appointmentId: z.string().optional() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

export const wsMessages = {
  malformed: 'Send {"type":"subscribe","appointmentId":"…"} to follow an appointment.',
  notAllowed: 'You cannot follow that appointment. Sign in as its owner or open the link you were sent.',
  staffOnly: 'Only staff can follow every appointment.',
  tooManySubscriptions: 'This connection follows too many appointments. Open a new one.',
  tooManyConnections: 'Too many live connections from this device. Close a few tabs and try again.',
} as const;

/**
 * `GET /api/tracking/jobs?date=YYYY-MM-DD` (technician: their own; staff: `technicianId` required): one technician's
 * jobs on a business date (today in America/New_York by default), in schedule order, closed ones left out.
 */
export const technicianJobsPath = '/api/tracking/jobs';
export const technicianJobsQuerySchema = z.object({
  date: businessDateSchema.optional(),
  technicianId: z.string().min(1).max(64).optional(),
});
export type TechnicianJobsQuery = z.infer<typeof technicianJobsQuerySchema>;
export const technicianJobSchema = z.object({
  appointmentId: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  serviceType: z.string(),
  appliance: z.string(),
  brand: z.string(),
  scheduledStart: z.string(),
  scheduledEnd: z.string(),
  tracking: trackingRecordSchema,
});
export type TechnicianJob = z.infer<typeof technicianJobSchema>;
export const technicianJobListSchema = z.object({ date: z.string(), technicianId: z.string(), items: z.array(technicianJobSchema) });
export type TechnicianJobList = z.infer<typeof technicianJobListSchema>;

/**
 * `GET /api/tracking/day-routes?date=` (staff): each active technician's visits of one business day in window order,
 * with where each is (the address's placed position), the straight-line leg from the previous visit and its driving
 * minutes, and a travel conflict when that visit cannot be reached within its window: every visit is reckoned to take
 * `visitMinutes` (TRACKING_VISIT_MINUTES), the next one begins no earlier than its window opens, and the drive goes by
 * the tracking ETA's average speed and road factor. Cancelled and no-show visits are left out.
 */
export const dayRoutesPath = '/api/tracking/day-routes';
export const dayRoutesQuerySchema = z.object({ date: businessDateSchema });
export const routeVisitSchema = z.object({
  appointmentId: z.number().int(),
  customerName: z.string(),
  address: z.string(),
  appliance: z.string(),
  brand: z.string(),
  status: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.object({ lat: z.number(), lng: z.number(), precision: z.enum(customerLocationPrecisions) }).nullable(),
  /** The leg from the previous visit of the day; null for the first, or when either end could not be placed. */
  fromPrevious: z.object({ km: z.number(), minutes: z.number().int() }).nullable(),
  /** Why this visit cannot be reached in its window after the previous one, in the dispatcher's words; null when it can. */
  travelConflict: z.string().nullable(),
});
export type RouteVisit = z.infer<typeof routeVisitSchema>;
export const technicianRouteSchema = z.object({
  technicianId: z.string(),
  name: z.string(),
  status: z.enum(['available', 'busy', 'offline']),
  position: locationSchema.nullable(),
  visits: z.array(routeVisitSchema),
});
export type TechnicianRoute = z.infer<typeof technicianRouteSchema>;
export const dayRoutesSchema = z.object({ date: z.string(), visitMinutes: z.number().int(), technicians: z.array(technicianRouteSchema) });
export type DayRoutes = z.infer<typeof dayRoutesSchema>;
