export const paths = {
  home: '/',
  adminLogin: '/admin-login',
  customerManagement: '/admin-customer-management',
  technicianManagement: '/technician-management',
  adminTracking: '/admin-tracking',
  /** The technician's phone view: today's jobs, moving them forward, sharing the position while en route. */
  myJobs: '/my-jobs',
} as const;
