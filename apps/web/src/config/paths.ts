import { findAppointmentPage, legalPages } from '@repo/contracts';
import { env } from './env.ts';

export const paths = {
  home: '/',
  careers: '/careers',
  bookAppointment: '/book-appointment',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  subZeroRepair: '/sub-zero-repair',
  wolfRepair: '/wolf-repair',
  fontExamples: '/font-examples',
  privacy: legalPages.privacy,
  smsTerms: legalPages.smsTerms,
  findAppointment: findAppointmentPage,
} as const;

/** Pages of the customer portal app, on its own origin. */
export const portalUrls = {
  technicianTracking: `${env.portalOrigin}/technician-tracking`,
  customerPortal: `${env.portalOrigin}/customer-portal`,
  login: `${env.portalOrigin}/login`,
} as const;
