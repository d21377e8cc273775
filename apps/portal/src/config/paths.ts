export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  customerPortal: '/customer-portal',
} as const;
