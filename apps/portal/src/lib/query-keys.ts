import { linkedServiceHistoryPath } from '@repo/contracts';
import { signedInCustomerQuery } from '@repo/ui';
import { appointmentQueryKeys } from '@repo/ui/api';

/**
 * Query keys of the data more than one part of the portal reads or changes. Each key is the call's path, so the
 * default query function of @repo/ui could fetch it too; invalidating `appointments` also covers every appointment's
 * details, whose keys start with it.
 */
export const queryKeys = {
  /** Who is signed in: GET /api/auth/session, asked by @repo/ui's `useSignedInCustomer`. */
  signedInCustomer: signedInCustomerQuery().queryKey,
  serviceRequests: ['/api/customer/service-requests'],
  /** The field-service record linked to the signed-in customer (accounts). */
  linkedServiceHistory: [linkedServiceHistoryPath],
  appointments: appointmentQueryKeys.customerAppointments,
  appointmentDetails: appointmentQueryKeys.details,
  tracking: (appointmentId: number) => ['/api/tracking', appointmentId],
  /** The technician as the tracking page of `appointmentId` may read them. */
  technician: (technicianId: string, appointmentId: number) => ['/api/technicians', technicianId, { appointment: appointmentId }],
} as const;
