import { z } from 'zod';
import { applianceIntakeSchema, intakeFieldsSchema } from './intake.ts';

/* ---------------------------------------------------------------------------------------------------------------
 * The job record: what the technician records at the visit (the model and serial as read on the plate, the
 * diagnosis, the parts needed), and "Waiting for parts" (the part on order and when it is expected), which the
 * customer sees on their appointment page until the office marks the part arrived and books the return visit.
 * ------------------------------------------------------------------------------------------------------------- */

export const jobRecordLimits = { diagnosis: 2000, partsNeeded: 1000, part: 200, partNumber: 60, expectedWithinDays: 365 } as const;

export const jobRecordMessages = {
  diagnosisRequired: 'Write what you found (the diagnosis)',
  diagnosisLength: `The diagnosis must be at most ${jobRecordLimits.diagnosis} characters`,
  partsNeededLength: `Parts needed must be at most ${jobRecordLimits.partsNeeded} characters`,
  partRequired: 'Say which part is on order',
  partLength: `The part's description must be at most ${jobRecordLimits.part} characters`,
  partNumberLength: `The part number must be at most ${jobRecordLimits.partNumber} characters`,
  partNumberCharacters: 'The part number may hold only letters, digits, spaces and - / .',
  expectedOnRequired: 'Give the date the part is expected',
  expectedOnForm: 'The expected date must be a real date (YYYY-MM-DD)',
  expectedOnPast: 'The expected date cannot be in the past',
  expectedOnFar: `The expected date must be within ${jobRecordLimits.expectedWithinDays} days`,
  /** A cancelled visit has no work to record. */
  cancelled: 'This visit was cancelled, so nothing can be recorded on it.',
  notWaiting: 'This visit is not waiting for a part.',
  saved: 'Job record saved.',
  waitingSaved: 'Marked as waiting for parts. The customer sees it on their appointment page.',
  partArrived: 'Part marked as arrived. Book the return visit for the customer.',
} as const;

/** Free text a person typed: trimmed, at most `max` characters, without control characters other than line breaks. */
const typedText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .transform((value) => value.replace(/[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/g, ''))
    .refine((value) => value.length <= max, tooLong);

/**
 * `PUT /api/appointments/:id/job-record`: the model and serial as the technician read them on the plate (prefilled
 * from the intake; the same rules and normalising as the intake, empty meaning not read), the diagnosis (required)
 * and the parts needed (optional, one per line).
 */
export const jobRecordRequestSchema = z.object({
  modelNumber: intakeFieldsSchema.shape.modelNumber,
  serialNumber: intakeFieldsSchema.shape.serialNumber,
  diagnosis: typedText(jobRecordLimits.diagnosis, jobRecordMessages.diagnosisLength).refine((value) => value.length > 0, jobRecordMessages.diagnosisRequired),
  partsNeeded: typedText(jobRecordLimits.partsNeeded, jobRecordMessages.partsNeededLength).optional(),
});
export type JobRecordRequest = z.input<typeof jobRecordRequestSchema>;
export type JobRecordParsed = z.output<typeof jobRecordRequestSchema>;

/** Whether `value` is a calendar date in YYYY-MM-DD form that exists (no 31 April). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A part number as printed: upper case, single spaces, letters, digits and `-/.`; empty or absent when not known. */
const partNumberSchema = z
    .string({ error: jobRecordMessages.partNumberCharacters })
    .trim()
    .transform((value) => value.replace(/\s+/g, ' ').toUpperCase())
    .refine((value) => value.length <= jobRecordLimits.partNumber, jobRecordMessages.partNumberLength)
    .refine((value) => value === '' || /^[A-Z0-9 ./-]+$/.test(value), jobRecordMessages.partNumberCharacters)
    .optional();

const expectedDateSchema = z
  .string({ error: jobRecordMessages.expectedOnRequired })
  .trim()
  .refine((value) => value.length > 0, jobRecordMessages.expectedOnRequired)
  .refine(isCalendarDate, jobRecordMessages.expectedOnForm);

/**
 * `PUT /api/appointments/:id/waiting-for-parts` (the technician or the office): the part on order and the day it is
 * expected (the server also refuses a day before today or more than a year ahead, in business time).
 */
export const waitingForPartsRequestSchema = z.object({
  part: typedText(jobRecordLimits.part, jobRecordMessages.partLength).refine((value) => value.length > 0, jobRecordMessages.partRequired),
  partNumber: partNumberSchema,
  expectedOn: expectedDateSchema,
});
export type WaitingForPartsRequest = z.input<typeof waitingForPartsRequestSchema>;
export type WaitingForPartsParsed = z.output<typeof waitingForPartsRequestSchema>;

/** The part a visit waits for, as the customer, the technician and the office see it. */
export const waitingForPartsSchema = z.object({
  part: z.string(),
  partNumber: z.string().nullable(),
  /** The day the part is expected (YYYY-MM-DD, business time). */
  expectedOn: z.string(),
  since: z.string(),
});
export type WaitingForParts = z.infer<typeof waitingForPartsSchema>;

/* ---------------------------------------------------------------------------------------------------------------
 * The warranty claim: for warranty work, what a manufacturer's claim asks of the servicer, kept with the job record
 * so the office can file it: the brand's installation or service code, the failure code, the part as the distributor
 * sold it (its part number and the distributor's invoice) and the day the appliance was bought.
 * ------------------------------------------------------------------------------------------------------------- */

export const warrantyClaimLimits = { code: 40, invoice: 60, oldestPurchase: '1970-01-01' } as const;

export const warrantyClaimMessages = {
  serviceCode: `The service code must be at most ${warrantyClaimLimits.code} letters, digits, spaces and - / .`,
  failureCodeRequired: 'Give the failure code the claim is for',
  failureCode: `The failure code must be at most ${warrantyClaimLimits.code} letters, digits, spaces and - / .`,
  distributorInvoice: `The distributor's invoice must be at most ${warrantyClaimLimits.invoice} letters, digits, spaces and - / . #`,
  purchaseDateForm: 'The purchase date must be a real date (YYYY-MM-DD)',
  purchaseDateFuture: 'The purchase date cannot be after today',
  purchaseDateOld: 'The purchase date must be in 1970 or later',
  saved: 'Warranty claim details saved.',
} as const;

/** A code as printed or given by the brand: upper case, single spaces, letters, digits and `-/.` (and `#` where named). */
const claimCode = (max: number, message: string, extra = '') =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(/\s+/g, ' ').toUpperCase())
    .refine((value) => value.length <= max && (value === '' || new RegExp(`^[A-Z0-9 ./${extra}-]+$`).test(value)), message);

/**
 * `PUT /api/appointments/:id/warranty-claim` (the assigned technician or the office): the failure code (required),
 * the brand's service code, the distributor's part number and invoice, and the purchase date (YYYY-MM-DD, not after
 * today in business time, which the server checks). Empty optional fields mean not known. Saving again replaces it.
 */
export const warrantyClaimRequestSchema = z.object({
  serviceCode: claimCode(warrantyClaimLimits.code, warrantyClaimMessages.serviceCode).optional(),
  failureCode: claimCode(warrantyClaimLimits.code, warrantyClaimMessages.failureCode).refine((value) => value.length > 0, warrantyClaimMessages.failureCodeRequired),
  distributorPartNumber: partNumberSchema,
  distributorInvoice: claimCode(warrantyClaimLimits.invoice, warrantyClaimMessages.distributorInvoice, '#').optional(),
  purchaseDate: z
    .string({ error: warrantyClaimMessages.purchaseDateForm })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), warrantyClaimMessages.purchaseDateForm)
    .refine((value) => value === '' || value >= warrantyClaimLimits.oldestPurchase, warrantyClaimMessages.purchaseDateOld)
    .optional(),
});
export type WarrantyClaimRequest = z.input<typeof warrantyClaimRequestSchema>;
export type WarrantyClaimParsed = z.output<typeof warrantyClaimRequestSchema>;

/** The warranty claim's details as kept: null for what is not known. */
export const warrantyClaimSchema = z.object({
  serviceCode: z.string().nullable(),
  failureCode: z.string(),
  distributorPartNumber: z.string().nullable(),
  distributorInvoice: z.string().nullable(),
  /** YYYY-MM-DD. */
  purchaseDate: z.string().nullable(),
  recordedAt: z.string(),
  recordedBy: z.string(),
});
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;

/** What the technician recorded at the visit; null until they save it. */
export const jobRecordSchema = z.object({
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  diagnosis: z.string(),
  partsNeeded: z.string().nullable(),
  recordedAt: z.string(),
  recordedBy: z.string(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;

/**
 * `GET /api/appointments/:id/job-record` (the assigned technician, staff, admin), and the answer of every change of
 * it: the intake given at booking (to prefill model and serial), the record, the waiting part and when the last part
 * arrived. Anyone else, another technician included, gets the answer of a missing appointment (404).
 */
export const jobRecordResponseSchema = z.object({
  appointmentId: z.number().int(),
  appliance: z.string(),
  intake: applianceIntakeSchema.nullable(),
  record: jobRecordSchema.nullable(),
  waitingForParts: waitingForPartsSchema.nullable(),
  partArrivedAt: z.string().nullable(),
  /** The warranty claim's details, for warranty work; null until saved. */
  warrantyClaim: warrantyClaimSchema.nullable(),
});
export type JobRecordResponse = z.infer<typeof jobRecordResponseSchema>;

export const jobRecordPath = (id: number | string) => `/api/appointments/${id}/job-record`;
export const waitingForPartsPath = (id: number | string) => `/api/appointments/${id}/waiting-for-parts`;
export const warrantyClaimPath = (id: number | string) => `/api/appointments/${id}/warranty-claim`;
/** `POST` (staff, admin): the part arrived; the waiting ends and the office books the return visit. */
export const partArrivedPath = (id: number | string) => `/api/appointments/${id}/part-arrived`;

/** What the customer's appointment page says while the visit waits for a part. */
export const waitingForPartsWords = {
  title: 'Waiting for parts',
  /** `{part}` and `{date}` are filled in. */
  body: 'We have ordered {part} for your repair. It is expected on {date}; we will call you to book the return visit once it arrives.',
  partNumber: 'Part number',
} as const;
