import { z } from 'zod';
import { trackingStatuses } from './choices.ts';
import { locationSchema } from './technicians.ts';

/** A technician's visit to one appointment as the customer follows it, and the live messages of the /ws socket. */
export const trackingStatusSchema = z.enum(trackingStatuses);
export type TrackingStatus = z.infer<typeof trackingStatusSchema>;

export const trackingRecordSchema = z.object({
  appointmentId: z.string(),
  technicianId: z.string(),
  status: trackingStatusSchema,
  estimatedArrival: z.string(),
  actualArrival: z.string().nullable(),
  location: locationSchema.nullable(),
  customerLocation: z.object({ lat: z.number(), lng: z.number(), address: z.string() }),
  route: z.array(z.object({ lat: z.number(), lng: z.number() })).nullable(),
  distanceToCustomer: z.number().nullable(),
  estimatedTimeToArrival: z.number().nullable(),
  progress: z.number().min(0).max(100),
  notifications: z.array(z.object({ type: z.string(), message: z.string(), timestamp: z.string() })),
});
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;
export const trackingListSchema = z.array(trackingRecordSchema);
export const trackingParamsSchema = z.object({ appointmentId: z.string().min(1).max(64) });

/** Messages on the /ws socket. */
export const wsClientMessageSchema = z.object({ type: z.literal('subscribe'), appointmentId: z.string().min(1).max(64) });
export const wsServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tracking_update'), appointmentId: z.string() }),
  z.object({ type: z.literal('location_update'), technicianId: z.string() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;
