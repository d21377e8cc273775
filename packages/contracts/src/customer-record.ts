import { z } from 'zod';
import { applianceListSchema } from './appliances.ts';
import { staffAppointmentListSchema } from './appointments.ts';
import { customerSchema } from './customer.ts';
import { rowIdSchema } from './safe-input.ts';
import { serviceProCustomerSchema } from './service-pro-customers.ts';
import { serviceRequestListSchema } from './service-requests.ts';

/* ---------------------------------------------------------------------------------------------------------------
 * The customer record (issue 27): one back-office page per portal customer, composed from each service's staff call.
 * Accounts answers the customer, the imported record linked to them and the staff notes; booking their appointments
 * and appliances; payments their invoices; notifications the messages sent to their email.
 * ------------------------------------------------------------------------------------------------------------- */

/** `GET /api/admin/customers/:id` (staff, admin): the customer, their linked imported record and the notes. */
export const customerRecordPath = (id: number | string) => `/api/admin/customers/${id}`;
/** `POST /api/admin/customers/:id/notes` (staff, admin): adds a note; 201 with it. */
export const customerNotesPath = (id: number | string) => `/api/admin/customers/${id}/notes`;
/** `GET /api/admin/customers/:id/service-history` (staff, admin): the linked field-service record with its visits. */
export const customerServiceHistoryPath = (id: number | string) => `/api/admin/customers/${id}/service-history`;
/** `GET /api/appointments/by-customer?customerId=` (staff, admin): booking's side of the record. */
export const customerAppointmentsPath = '/api/appointments/by-customer';

export const customerRecordParamsSchema = z.object({ id: rowIdSchema('Customer id') });
export const customerAppointmentsQuerySchema = z.object({ customerId: rowIdSchema('Customer id') });

export const customerNoteLimits = { maxLength: 2000 } as const;
export const customerRecordMessages = {
  notFound: 'No customer has this id.',
  noteRequired: 'Note is required',
  noteTooLong: `Note must be at most ${customerNoteLimits.maxLength} characters`,
} as const;

/** A note staff wrote on a customer: who wrote it (their name and email at the time) and when. */
export const customerNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerNoteRequestSchema = z.object({
  text: z
    .string({ error: customerRecordMessages.noteRequired })
    .trim()
    .min(1, customerRecordMessages.noteRequired)
    .max(customerNoteLimits.maxLength, customerRecordMessages.noteTooLong),
});
export type CustomerNoteRequest = z.infer<typeof customerNoteRequestSchema>;

/** Accounts' part of the record; notes newest first. */
export const customerRecordSchema = z.object({
  customer: customerSchema,
  /** The customer imported from the field-service system that this account is linked to, or null. */
  importedCustomer: serviceProCustomerSchema.nullable(),
  notes: z.array(customerNoteSchema),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/**
 * Booking's part of the record: every appointment of the customer's account, newest first (booked, and imported
 * history with where it came from), their appliances made up from those visits, and their service requests. A
 * customer id with none answers empty lists: booking does not know which ids are customers (accounts answers 404).
 */
export const customerAppointmentsSchema = z.object({
  appointments: staffAppointmentListSchema,
  appliances: applianceListSchema,
  serviceRequests: serviceRequestListSchema,
});
export type CustomerAppointments = z.infer<typeof customerAppointmentsSchema>;
