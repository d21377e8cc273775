import { z } from 'zod';

/*
 * The customer's appliances (`GET /api/customer/appliances`): each appliance they have had looked at, made up from
 * their visits (booked, and imported from the business's field-service systems): its type, brand, model and serial as
 * last read, when it was bought or installed if known, and its visits, newest first. A visit's diagnosis and the parts
 * named on it are shown once the visit is completed (until then they are the technician's working notes).
 */

export const applianceVisitSchema = z.object({
  appointmentId: z.number().int(),
  /** YYYY-MM-DD, business time. */
  date: z.string(),
  serviceType: z.string(),
  /** The appointment's status as the customer sees it elsewhere (scheduled, completed, …). */
  status: z.string(),
  confirmationCode: z.string(),
  /** What the technician found; null before the visit is completed or when nothing was recorded. */
  diagnosis: z.string().nullable(),
  /** The parts the visit named (one per line); null as for the diagnosis. */
  parts: z.string().nullable(),
  /** The field-service system the visit was imported from, or null for a visit booked here. */
  importedFrom: z.string().nullable(),
});
export type ApplianceVisit = z.infer<typeof applianceVisitSchema>;

export const applianceSchema = z.object({
  /** Stable while the appliance's visits stay the same: its type, brand and serial (or model) as one string. */
  key: z.string(),
  appliance: z.string(),
  brand: z.string(),
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  /** YYYY-MM-DD from a warranty claim's purchase date, if any. */
  purchasedOn: z.string().nullable(),
  /** YYYY-MM-DD of the first completed installation visit, if any. */
  installedOn: z.string().nullable(),
  visits: z.array(applianceVisitSchema),
});
export type Appliance = z.infer<typeof applianceSchema>;
export const applianceListSchema = z.array(applianceSchema);

export const myAppliancesPath = '/api/customer/appliances';
