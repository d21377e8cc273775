/** /login */
export { CustomerLoginPage as Component } from '../../features/auth/components/customer-login-page.tsx';
