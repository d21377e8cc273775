/** /confirm-email-change#token=… */
export { ConfirmEmailChangePage as Component } from '../../features/auth/components/confirm-email-change-page.tsx';
