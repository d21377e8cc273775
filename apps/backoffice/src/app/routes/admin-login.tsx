/** /admin-login */
export { AdminLoginPage as Component } from '../../features/auth/components/admin-login-page.tsx';
