/** /payment */
export { PaymentPage as Component } from '../../features/payment/components/payment-page.tsx';
