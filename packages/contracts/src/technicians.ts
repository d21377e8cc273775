import { z } from 'zod';
import { businessDateSchema } from './appointments.ts';
import { technicianStatuses } from './choices.ts';

const latitude = z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90');
const longitude = z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180');

export const locationSchema = z.object({ lat: z.number(), lng: z.number(), address: z.string().nullable(), lastUpdated: z.string() });
export type Location = z.infer<typeof locationSchema>;

export const technicianSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  avatar: z.string().nullable(),
  vehicleInfo: z.string().nullable(),
  specialties: z.array(z.string()),
  rating: z.number().min(0).max(5),
  completedJobs: z.number().int(),
  status: z.enum(technicianStatuses),
  currentLocation: locationSchema.nullable(),
  /** False once deactivated: kept with their history, offered no new jobs, and their sign-in refused. */
  active: z.boolean(),
});
export type Technician = z.infer<typeof technicianSchema>;
/**
 * One technician as GET /api/technicians/:id answers it: staff and the technician themselves get the whole record; a
 * customer or link holder gets no `status` (whether the technician is free, busy elsewhere or off says where they
 * are) and a position only while the technician is on the way to that customer's visit.
 */
export const technicianViewSchema = technicianSchema.extend({ status: technicianSchema.shape.status.optional() });
export type TechnicianView = z.infer<typeof technicianViewSchema>;

/** A technician's hours on one weekday (0 = Sunday … 6 = Saturday), business wall-clock times 'HH:MM'. */
export const workingDaySchema = z.object({ weekday: z.number().int().min(0).max(6), start: z.string(), end: z.string() });
export type WorkingDay = z.infer<typeof workingDaySchema>;
/** Until the office says otherwise a technician works the online booking hours, Monday to Saturday. */
export const defaultWorkingHours: readonly WorkingDay[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));

/**
 * A technician as staff see them: with their working hours per weekday (a weekday not listed is not worked) and their
 * days off ('YYYY-MM-DD', in date order). The dispatch board warns before giving them a visit outside these.
 */
export const staffTechnicianSchema = technicianSchema.extend({ workingHours: z.array(workingDaySchema), daysOff: z.array(z.string()) });
export type StaffTechnician = z.infer<typeof staffTechnicianSchema>;
export const technicianListSchema = z.array(staffTechnicianSchema);

export const technicianScheduleMessages = {
  time: 'Time must look like 08:00 (24-hour)',
  order: 'The end must be after the start',
  weekdayRepeated: 'Each weekday can be listed only once',
  dayOffRepeated: 'Each day off can be listed only once',
  tooManyDaysOff: 'At most 366 days off can be listed; remove past ones first',
} as const;
const weekdayMessage = 'Weekday must be 0 (Sunday) to 6 (Saturday)';
const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
// The order of start and end is only judged once both are times (a bad time has its own message).
const isClockTime = (value: unknown) => typeof value === 'string' && clockTimePattern.test(value);
const clockTime = z.string({ error: technicianScheduleMessages.time }).regex(clockTimePattern, technicianScheduleMessages.time);

/**
 * `PUT /api/technicians/:id/schedule` (staff): the whole schedule at once: working hours per weekday worked (none: not
 * bookable any weekday) and the days off.
 */
export const technicianSchedulePath = (id: string) => `/api/technicians/${encodeURIComponent(id)}/schedule`;
export const updateTechnicianScheduleSchema = z.object({
  workingHours: z
    .array(
      z.object({ weekday: z.number({ error: weekdayMessage }).int(weekdayMessage).min(0, weekdayMessage).max(6, weekdayMessage), start: clockTime, end: clockTime })
        .refine((day) => !isClockTime(day.start) || !isClockTime(day.end) || day.start < day.end, { message: technicianScheduleMessages.order, path: ['end'] }),
      { error: 'Working hours must be a list' },
    )
    .max(7, technicianScheduleMessages.weekdayRepeated)
    .refine((days) => new Set(days.map((day) => day.weekday)).size === days.length, technicianScheduleMessages.weekdayRepeated),
  daysOff: z
    .array(businessDateSchema, { error: 'Days off must be a list' })
    .max(366, technicianScheduleMessages.tooManyDaysOff)
    .refine((days) => new Set(days).size === days.length, technicianScheduleMessages.dayOffRepeated),
});
export type UpdateTechnicianSchedule = z.infer<typeof updateTechnicianScheduleSchema>;

export const photoMessages = {
  https: 'Photo must be an https:// address',
  credentials: 'Photo address must not contain a user name or password',
  publicHost: 'Photo must be on a public website (not localhost, a private network or an IP address)',
} as const;

/**
 * Whether `hostname` (as URL parses it) names a host of the public web: not localhost, a single-label or
 * local-only name (.local, .internal, .lan, .home.arpa), nor an IP address (a photo on a bare address is either on
 * a private network or nobody's site).
 */
function isPublicHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || /^0x/i.test(host)) return false;
  if (!host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|lan|intranet|home\.arpa|localdomain)$/.test(host);
}

/** Why `value` cannot be a technician's photo address, or null when it can. */
export function photoAddressProblem(value: string): string | null {
  const url = URL.canParse(value) && /^https:\/\/\S+$/i.test(value) ? new URL(value) : null;
  if (!url || url.protocol !== 'https:') return photoMessages.https;
  if (url.username || url.password) return photoMessages.credentials;
  return isPublicHostname(url.hostname) ? null : photoMessages.publicHost;
}

/**
 * An optional photo: an https address on a public host, with no user name or password in it (a photo is shown to
 * customers: an address on our own network or with credentials would be a way to probe it, or to leak them); the pages
 * show initials without one. Our own uploaded photos replace addresses once the business stores files.
 */
const avatar = z
  .string({ error: 'Photo must be a web address' })
  .trim()
  .max(2000, 'Photo address must be at most 2000 characters')
  .superRefine((value, ctx) => {
    const problem = photoAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional();

export const technicianIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Both pages' create payloads: management sends vehicleInfo; tracking administration sends vehicle, lat, lng, location. */
export const createTechnicianSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  phone: z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').max(40),
  vehicleInfo: z.string().trim().max(200).optional(),
  vehicle: z.string().trim().max(200).optional(),
  specialties: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  lat: latitude.optional(),
  lng: longitude.optional(),
  location: z.object({ lat: latitude, lng: longitude }).optional(),
  avatar,
});
export type CreateTechnician = z.input<typeof createTechnicianSchema>;

export const updateTechnicianSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  phone: z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').max(40),
  vehicleInfo: z.string({ error: 'Vehicle info is required' }).trim().min(1, 'Vehicle info is required').max(200),
  /** Left as it is when absent; null removes the photo. */
  avatar,
});
export type UpdateTechnician = z.infer<typeof updateTechnicianSchema>;

/** `PUT /api/technicians/:id/active` (staff): deactivate (false) or reactivate (true) a technician. */
export const setTechnicianActiveSchema = z.object({ active: z.boolean({ error: 'Active must be true or false' }) });
export type SetTechnicianActive = z.infer<typeof setTechnicianActiveSchema>;
export const technicianActivePath = (id: string) => `/api/technicians/${encodeURIComponent(id)}/active`;

export const updateLocationSchema = z.object({ lat: latitude, lng: longitude, address: z.string().trim().max(300).optional() });
export type UpdateLocation = z.infer<typeof updateLocationSchema>;

const nameParts = (name: string) => name.split(/\s+/).filter(Boolean);

/** "Sara Martinez" → "SM": the avatar without a photo, and how a customer's message names the technician beside the first name. */
export const technicianInitials = (name: string): string =>
  nameParts(name)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** "Sara Martinez" → "Sara": all a customer's message says of the technician's name. */
export const technicianFirstName = (name: string): string => nameParts(name)[0] ?? name.trim();
