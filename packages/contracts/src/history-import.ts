import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';

/** A customer's history import into booking: from a field-service system or from pasted JSON; both answer an ImportResult. */
export const importFromSystemRequestSchema = z.object({
  systemName: z.enum(serviceSystemIds, { error: 'Please select a service management system' }),
  credentials: z.record(z.string(), z.string()),
  customerId: z.string().trim().max(100).optional(),
});
export type ImportFromSystemRequest = z.infer<typeof importFromSystemRequestSchema>;

export const importResultSchema = z.object({
  imported: z.object({ serviceRequests: z.number().int(), appointments: z.number().int() }),
  /** Items already imported earlier (the same data twice creates nothing new). */
  alreadyPresent: z.object({ serviceRequests: z.number().int(), appointments: z.number().int() }).optional(),
  message: z.string().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const importedServiceRequestSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  email: z.string().optional(),
  phone: z.string().min(1),
  applianceType: z.string().min(1),
  brand: z.string().optional(),
  problemDescription: z.string().min(1),
  isEmergency: z.boolean().optional(),
  status: z.string().optional(),
  technicianNotes: z.string().optional(),
  completedAt: z.string().optional(),
  createdAt: z.string().optional(),
});
const importedAppointmentSchema = z.object({
  customerName: z.string().min(1),
  email: z.string().optional(),
  phone: z.string().min(1),
  address: z.string().min(1),
  city: z.string().min(1),
  state: z.string().min(1),
  zipCode: z.string().min(1),
  appointmentDate: z.string().min(1),
  timeSlot: z.string().min(1),
  serviceType: z.string().min(1),
  appliance: z.string().min(1),
  brand: z.string().min(1),
  description: z.string().optional(),
  status: z.string().optional(),
  technicianNotes: z.string().optional(),
  totalCost: z.string().optional(),
});
export const importHistoryRequestSchema = z.object({
  historyData: z.object({
    serviceRequests: z.array(importedServiceRequestSchema).max(1000).default([]),
    appointments: z.array(importedAppointmentSchema).max(1000).default([]),
  }),
});
export type ImportHistoryRequest = z.input<typeof importHistoryRequestSchema>;

export const importMessages = {
  blankJson: 'Please enter valid JSON data',
  invalidJson: 'Invalid JSON: Please check your JSON format and try again',
  systemFailed: 'Failed to import from service management system. Please check your system credentials and try again.',
  historyFailed: 'Failed to import customer history. Please try again.',
} as const;
