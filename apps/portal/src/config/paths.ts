import { env } from './env.ts';

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  customerPortal: '/customer-portal',
  /**
   * Contracts' `appointmentPagePath`, written out here: importing it would bring the contracts' zod schemas into the
   * first chunk (a test holds the two to the same answer).
   */
  appointment: (id: number) => `/appointments/${id}`,
  /** The router's pattern of `appointment(id)`. */
  appointmentRoute: '/appointments/:id',
  /** The technician tracking page (its route comes with the tracking issue). */
  technicianTracking: (appointmentId: number) => `/technician-tracking/${appointmentId}`,
} as const;

/** Pages of the public site, which the portal links to with full addresses. */
export const webPaths = {
  home: env.webOrigin,
  bookAppointment: `${env.webOrigin}/book-appointment`,
  payment: `${env.webOrigin}/payment`,
} as const;
