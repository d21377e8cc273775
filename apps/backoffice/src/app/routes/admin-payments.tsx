/** /admin-payments (administrators) */
export { PaymentsPage as Component } from '../../features/payments/components/payments-page.tsx';
