/** /sign-in-link#token=… */
export { SignInLinkPage as Component } from '../../features/auth/components/sign-in-link-page.tsx';
