/** /payment-success, where the payer lands after paying (Stripe's redirect brings them here too). */
export { PaymentSuccessPage as Component } from '../../features/payment/components/payment-success-page.tsx';
