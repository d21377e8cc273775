/** /email-sign-in */
export { EmailSignInPage as Component } from '../../features/auth/components/email-sign-in-page.tsx';
