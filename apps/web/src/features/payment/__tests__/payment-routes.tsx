import type { RouteObject } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { PaymentPage } from '../components/payment-page.tsx';
import { PaymentSuccessPage } from '../components/payment-success-page.tsx';

/** The two payment pages at their addresses, as the app's routes mount them. */
export const paymentRoutes: RouteObject[] = [
  { path: paths.payment, Component: PaymentPage },
  { path: paths.paymentSuccess, Component: PaymentSuccessPage },
];
