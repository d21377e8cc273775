import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';
import { contactInfoSchema, isoDateSchema, timeSlotSchema } from './appointments.ts';

/** A customer's history import into booking: from a field-service system or from pasted JSON; both answer an ImportResult. */
/**
 * A customer's request to bring in their past visits from one of the business's systems: the system's name only. The
 * server reads the records through the business's own connection, matched on the customer's confirmed email; it takes
 * no credentials and no record id from the customer (either is refused with a 400 naming the field).
 */
const notTakenHere = (message: string) => z.undefined({ error: message }).optional();
export const importFromSystemRequestSchema = z.strictObject({
  systemName: z.enum(serviceSystemIds, { error: 'Please select a service management system' }),
  credentials: notTakenHere('No credentials are needed: the business connects its own systems. Send the system\'s name only.'),
  customerId: notTakenHere('Your records are found by your confirmed email. Send the system\'s name only.'),
});
export type ImportFromSystemRequest = z.infer<typeof importFromSystemRequestSchema>;

export const importResultSchema = z.object({
  imported: z.object({ serviceRequests: z.number().int(), appointments: z.number().int() }),
  /** Items already imported earlier (the same data twice creates nothing new). */
  alreadyPresent: z.object({ serviceRequests: z.number().int(), appointments: z.number().int() }).optional(),
  message: z.string().optional(),
  /** From a field-service system: the visits that could not be imported and why (the rest were imported). */
  notImported: z.array(z.string()).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Limits of one JSON history import: a larger request is refused whole with 413 (`importMessages.tooLarge`). */
export const historyImportLimits = { maxBytes: 1024 * 1024, maxItems: 1000 } as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`).optional().transform((value) => value || undefined);
/** Empty counts as not given; otherwise the same rule as booking (after trimming; stored in lower case). */
const optionalEmail = z
  .string({ error: 'Valid email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.union([z.literal(''), z.email({ error: 'Valid email is required' }).max(254, 'Valid email is required')], { error: 'Valid email is required' }))
  .optional()
  .transform((value) => value || undefined);
/** A date (`2024-03-05`) or an ISO 8601 date-time with a zone (`2024-03-05T14:00:00Z`). */
const historyInstant = z
  .union([isoDateSchema, z.iso.datetime({ offset: true })], { error: 'Must be a date like 2024-03-05 or 2024-03-05T14:00:00Z' })
  .optional();
/**
 * Imported history is history: finished visits and closed requests only (an open one would enter the office's live
 * schedule). Absent means completed.
 */
export const historyStatuses = ['completed', 'cancelled'] as const;
const historyStatus = z
  .enum(historyStatuses, { error: 'Status must be completed or cancelled: imported history holds finished visits only (book upcoming visits online)' })
  .default('completed');

export const importedServiceRequestSchema = z.object(
  {
    firstName: text(100, 'First name is required'),
    lastName: text(100, 'Last name is required'),
    email: optionalEmail,
    phone: text(40, 'Phone number is required'),
    applianceType: text(100, 'Appliance type is required'),
    brand: optionalText(100),
    problemDescription: text(2000, 'Problem description is required'),
    isEmergency: z.boolean({ error: 'isEmergency must be true or false' }).optional(),
    status: historyStatus,
    technicianNotes: optionalText(2000),
    completedAt: historyInstant,
    createdAt: historyInstant,
  },
  { error: 'Must be an object with the service request\'s fields' },
);
export type ImportedServiceRequest = z.input<typeof importedServiceRequestSchema>;

export const importedAppointmentSchema = z.object(
  {
    customerName: contactInfoSchema.shape.customerName,
    email: optionalEmail,
    // History comes from older systems as it was written down: any phone text, unlike a new booking.
    phone: text(40, 'Phone number is required'),
    address: contactInfoSchema.shape.address,
    city: contactInfoSchema.shape.city,
    state: contactInfoSchema.shape.state,
    zipCode: contactInfoSchema.shape.zipCode,
    appointmentDate: isoDateSchema,
    // Only a well-formed slot is compared, so a malformed one gets the form's message alone.
    timeSlot: timeSlotSchema.refine((slot) => slot.length !== 11 || slot.slice(0, 5) < slot.slice(6), 'Time slot must end after it starts'),
    serviceType: text(100, 'Service type is required'),
    appliance: text(100, 'Appliance is required'),
    brand: text(100, 'Brand is required'),
    description: optionalText(2000),
    status: historyStatus,
    technicianNotes: optionalText(2000),
    totalCost: z
      .string({ error: 'Total cost must be an amount in dollars, like 289.00' })
      .trim()
      .regex(/^\$?\d{1,7}(\.\d{1,2})?$/, 'Total cost must be an amount in dollars, like 289.00')
      .transform((cost) => cost.replace('$', ''))
      .optional(),
  },
  { error: 'Must be an object with the appointment\'s fields' },
);
export type ImportedAppointment = z.input<typeof importedAppointmentSchema>;

/**
 * A list whose every item is checked on its own, each message naming the item: the field
 * `historyData.appointments.2.zipCode` reads "Appointment 3: Valid zip code is required".
 */
function numberedItems<T extends z.ZodType>(item: T, label: string) {
  return z
    .array(z.unknown(), { error: `${label} list must be a list` })
    .max(historyImportLimits.maxItems, `At most ${historyImportLimits.maxItems} items can be imported at once`)
    .default([])
    .transform((items, ctx) => {
      const parsed: z.output<T>[] = [];
      items.forEach((value, index) => {
        const result = item.safeParse(value);
        if (result.success) parsed.push(result.data);
        else for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: `${label} ${index + 1}: ${issue.message}` });
      });
      return parsed;
    });
}

export const importHistoryRequestSchema = z.object({
  historyData: z.object(
    {
      serviceRequests: numberedItems(importedServiceRequestSchema, 'Service request'),
      appointments: numberedItems(importedAppointmentSchema, 'Appointment'),
    },
    { error: 'historyData is required: an object with serviceRequests and appointments lists' },
  ),
});
/** What the portal sends (the server reads every item as `unknown` and checks it with the item schemas above). */
export type ImportHistoryRequest = { historyData: { serviceRequests?: ImportedServiceRequest[]; appointments?: ImportedAppointment[] } };

/** A history that passes every rule: what the portal's Load Example fills in. */
export const historyImportExample = {
  historyData: {
    serviceRequests: [
      {
        firstName: 'Dana',
        lastName: 'Whitfield',
        email: 'dana@example.com',
        phone: '(904) 555-0142',
        applianceType: 'Refrigerator',
        brand: 'Sub-Zero',
        problemDescription: 'Freezer not holding temperature.',
        isEmergency: true,
        status: 'completed',
        technicianNotes: 'Replaced defrost heater.',
        completedAt: '2024-03-05T15:00:00Z',
        createdAt: '2024-03-04T13:00:00Z',
      },
    ],
    appointments: [
      {
        customerName: 'Dana Whitfield',
        email: 'dana@example.com',
        phone: '(904) 555-0142',
        address: '48 Cordova St',
        city: 'St Augustine',
        state: 'FL',
        zipCode: '32084',
        appointmentDate: '2024-03-05',
        timeSlot: '09:00-10:00',
        serviceType: 'Repair',
        appliance: 'Refrigerator',
        brand: 'Sub-Zero',
        description: 'Freezer not holding temperature.',
        status: 'completed',
        technicianNotes: 'Defrost heater replaced.',
        totalCost: '289.00',
      },
    ],
  },
} satisfies ImportHistoryRequest;

/** An imported item dated after now (the business's today, for an appointment's date): refused, naming the item. */
export const futureHistoryMessage = (label: string, when: string) =>
  `${label}: ${when} is in the future. Imported history holds past visits only; book upcoming visits online.`;

export const importMessages = {
  blankJson: 'Please enter valid JSON data',
  invalidJson: 'Invalid JSON: Please check your JSON format and try again',
  systemFailed: 'Failed to import from service management system. Please try again.',
  historyFailed: 'Failed to import customer history. Please try again.',
  tooLarge: 'This history is too large to import at once: at most 1 MB and 1,000 items in all. Please split it into smaller parts.',
} as const;

/** What the import from a field-service system answers when it cannot import; `system` is the system's name. */
export const systemImportMessages = {
  /** 403: the account's email is not confirmed, so no outside record may be matched to it. */
  emailNotConfirmed:
    'Past visits are brought in only for a confirmed email address, so nobody can pull in someone else\'s history by typing their email. Your email is not confirmed yet: use JSON Import, or call us and we will add your past visits.',
  /** 404 on `systemName`: the business has not connected that system. */
  notConnected: (system: string) => `We don't keep records in ${system}. Choose one of the systems listed.`,
  /** 404: no record has the signed-in customer's email. */
  noRecordWithEmail: (system: string, email: string) => `${system} has no customer record with your account's email (${email}), so there is nothing to import.`,
  /** 502: the system failed, did not answer in time or refused the business's own sign-in, after retries. */
  unavailable: (system: string) => `${system} is not answering right now. Please try again in a few minutes.`,
  /** 503: the system is limiting requests, after retries. */
  rateLimited: (system: string) => `${system} is busy right now (too many requests). Please try again in a few minutes.`,
  /** 502: an answer without the documented shape. */
  malformed: (system: string) => `${system} sent an answer we could not read. Please try again later.`,
} as const;
