import { z } from 'zod';
import { serviceSystemIds } from './choices.ts';

/**
 * A customer's past visits in the business's field-service systems, read by accounts for booking. Accounts keeps the
 * connections (the administrator's saved ServiceTitan and ServicePro settings, encrypted, else the environment's; the
 * Jobber tokens) and makes the calls itself, so no credential and none of its checks on saved addresses leave it.
 * For the other services only (the gateway never routes /internal/), signed like an effect delivery by booking.
 *
 * - `POST fieldServiceSystemsPath` ({}): which systems accounts can read now (`connected`).
 * - `POST customerHistoryPath` ({ system, email }): the system's customers with that email (any letter case), each with
 *   every visit, as the field-service connectors give them (@repo/field-service's ExternalCustomerRecord and
 *   ExternalVisit); `not-connected` when the business has no connection to the system; `failed` with the connector's
 *   failure kind when the system refused, failed or limited the calls.
 */
export const fieldServiceSystemsPath = '/internal/field-service/systems';
export const fieldServiceSystemsTopic = 'field-service.systems';
export const fieldServiceSystemsRequestSchema = z.object({});
export const fieldServiceSystemsResponseSchema = z.object({ connected: z.array(z.enum(serviceSystemIds)) });

export const customerHistoryPath = '/internal/field-service/customer-history';
export const customerHistoryTopic = 'field-service.customer-history';
export const customerHistoryRequestSchema = z.object({
  system: z.enum(serviceSystemIds),
  /** The customer's proven email (booking checks the proof before asking). */
  email: z.string().trim().min(3).max(320),
});

/** Why a connector call failed, as @repo/field-service names it (FieldServiceErrorKind). */
export const fieldServiceFailureKinds = ['credentials', 'not-found', 'rate-limited', 'unavailable', 'malformed'] as const;

const text = z.string();
const optionalText = z.string().nullable();

/** A customer as every connector maps it (ExternalCustomerRecord): money in dollars with two decimals, dates YYYY-MM-DD. */
export const externalCustomerRecordSchema = z.object({
  externalId: text,
  firstName: text,
  lastName: text,
  email: optionalText,
  phone: text,
  address: text,
  city: text,
  state: text,
  zipCode: text,
  lastServiceDate: optionalText,
  totalServices: z.number(),
  totalSpent: text,
  preferredTechnician: optionalText,
  notes: optionalText,
});

/** One visit as every connector maps it (ExternalVisit): instants ISO 8601 with an offset. */
export const externalVisitSchema = z.object({
  externalId: text,
  serviceType: text,
  appliance: optionalText,
  brand: optionalText,
  description: optionalText,
  status: z.enum(['scheduled', 'in-progress', 'completed', 'cancelled']),
  scheduledStart: optionalText,
  scheduledEnd: optionalText,
  completedAt: optionalText,
  createdAt: optionalText,
  technicianName: optionalText,
  technicianNotes: optionalText,
  total: optionalText,
  address: z.object({ street: text, city: text, state: text, zipCode: text }).nullable(),
});

export const customerHistoryResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('found'), customers: z.array(z.object({ customer: externalCustomerRecordSchema, visits: z.array(externalVisitSchema) })) }),
  z.object({ outcome: z.literal('not-connected') }),
  /** `message` is the connector's (never a credential in it), for the caller's log; the customer reads booking's words. */
  z.object({ outcome: z.literal('failed'), kind: z.enum(fieldServiceFailureKinds), message: text }),
]);
export type CustomerHistoryAnswer = z.output<typeof customerHistoryResponseSchema>;

export const fieldServiceHistoryMessages = {
  /** 503: booking could not ask accounts, which holds the connection (not answering, or answering nonsense). */
  accountsUnavailable: (system: string) => `Past visits from ${system} cannot be brought in right now: our connection to it is not available. Please try again in a few minutes.`,
} as const;
