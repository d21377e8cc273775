import { findAppointmentPage, legalPages, paymentLinkPath } from '@repo/contracts';
import { env } from './env.ts';

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  /** Ask for a password reset link (contracts' `forgotPasswordPagePath`). */
  forgotPassword: '/forgot-password',
  /** Where the emailed link opens, with its `?token=` (contracts' `passwordResetPagePath`). */
  resetPassword: '/reset-password',
  /** Ask for a sign-in link (contracts' `signInLinkRequestPagePath`). */
  emailSignIn: '/email-sign-in',
  /** Where an emailed sign-in link opens, with its `#token=` (contracts' `signInLinkPagePath`). */
  signInLink: '/sign-in-link',
  /** Where a registration's emailed link opens, with its `#token=` (contracts' `confirmEmailPagePath`). */
  confirmEmail: '/confirm-email',
  /** Where an email change's link opens at the new address, with its `#token=` (contracts' `confirmEmailChangePagePath`). */
  confirmEmailChange: '/confirm-email-change',
  customerPortal: '/customer-portal',
  /** Which optional messages we send (contracts' `messagePreferencesPagePath`), from an email's link or Account Info. */
  messagePreferences: '/message-preferences',
  /**
   * Contracts' `appointmentPagePath`, written out here: importing it would bring the contracts' zod schemas into the
   * first chunk (a test holds the two to the same answer).
   */
  appointment: (id: number) => `/appointments/${id}`,
  /** The router's pattern of `appointment(id)`. */
  appointmentRoute: '/appointments/:id',
  /** The signed-in customer's invoices, and one of them to see, download and pay. */
  invoices: '/invoices',
  invoice: (id: number) => `/invoices/${id}`,
  invoiceRoute: '/invoices/:id',
  /** The signed-in customer's appliances, each with its visits and invoices. */
  appliances: '/appliances',
  /** The technician tracking page of one appointment. */
  technicianTracking: (appointmentId: number) => `/technician-tracking?appointment=${appointmentId}`,
  /** The router's path of the tracking page; without `?appointment=` it finds the customer's next visit. */
  technicianTrackingRoute: '/technician-tracking',
} as const;

/** An address with an appointment link's token in its fragment (`#access=`), which browsers never send to a server. */
export const withAccess = (address: string, token: string) => `${address}#access=${encodeURIComponent(token)}`;

/** Pages of the public site, which the portal links to with full addresses. */
export const webPaths = {
  home: env.webOrigin,
  bookAppointment: `${env.webOrigin}/book-appointment`,
  payment: `${env.webOrigin}/payment`,
  /** The payment page with the reference the payment is kept under (an appointment's confirmation code) filled in. */
  paymentFor: (reference: string) => `${env.webOrigin}${paymentLinkPath(reference)}`,
  privacy: `${env.webOrigin}${legalPages.privacy}`,
  smsTerms: `${env.webOrigin}${legalPages.smsTerms}`,
  findAppointment: `${env.webOrigin}${findAppointmentPage}`,
} as const;
