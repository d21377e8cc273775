export const paths = {
  home: '/',
  adminLogin: '/admin-login',
  customerManagement: '/admin-customer-management',
  /** One customer's record: contact, appointments, appliances, history, invoices, messages and staff notes (staff). */
  customerRecord: (id: number) => `/customers/${id}`,
  customerRecordPattern: '/customers/:id',
  technicianManagement: '/technician-management',
  adminTracking: '/admin-tracking',
  /** A day's visits by technician and arrival window: assign, reassign and reschedule by drag and drop (staff). */
  dispatchBoard: '/dispatch-board',
  /** The board open on one business day ('YYYY-MM-DD'). */
  dispatchBoardOn: (date: string) => `/dispatch-board?date=${date}`,
  /** Holidays, closed days and reduced hours, which booking and every move keep to (staff). */
  closures: '/closures',
  /** The payments ledger (administrators). */
  adminPayments: '/admin-payments',
  /** Invoices for visits: list, create from an appointment (`?appointmentId=`), edit, send, refund, void (staff). */
  invoices: '/invoices',
  invoice: (id: number) => `/invoices/${id}`,
  invoicePattern: '/invoices/:id',
  /** Services and parts with their prices, which invoice lines copy (staff). */
  priceBook: '/price-book',
  /** What each service still owes the others (cross-service effects). */
  adminDeliveries: '/admin-deliveries',
  /** The delivery log: every message sent to customers, its preview and attempts, and Resend (staff, administrators). */
  adminNotifications: '/admin-notifications',
  /** The owner's figures by week or month, and their CSV (administrators). */
  numbers: '/numbers',
  /** Staff and administrator sign-ins (administrators). */
  adminStaff: '/admin-staff',
  /** Every service's calls in one reference, for integrators (staff, administrators). */
  apiReference: '/api-reference',
  /** The technician's phone view: today's jobs, moving them forward, sharing the position while en route. */
  myJobs: '/my-jobs',
} as const;
