export const paths = {
  home: '/',
  adminLogin: '/admin-login',
  customerManagement: '/admin-customer-management',
} as const;
