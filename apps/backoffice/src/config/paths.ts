export const paths = {
  home: '/',
  adminLogin: '/admin-login',
  customerManagement: '/admin-customer-management',
  technicianManagement: '/technician-management',
  adminTracking: '/admin-tracking',
  /** The payments ledger (administrators). */
  adminPayments: '/admin-payments',
  /** What each service still owes the others (cross-service effects). */
  adminDeliveries: '/admin-deliveries',
  /** Staff and administrator sign-ins (administrators). */
  adminStaff: '/admin-staff',
  /** The technician's phone view: today's jobs, moving them forward, sharing the position while en route. */
  myJobs: '/my-jobs',
} as const;
