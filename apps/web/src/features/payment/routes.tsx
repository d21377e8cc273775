import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/** Payment (/payment) and payment confirmation (/payment-success). Each page's code loads with its route. */
export const paymentRoutes: RouteObject[] = [
  {
    path: paths.payment,
    lazy: () => import('./pages/payment-page.tsx').then(({ PaymentPage }) => ({ Component: PaymentPage })),
  },
  {
    path: paths.paymentSuccess,
    lazy: () => import('./pages/payment-success-page.tsx').then(({ PaymentSuccessPage }) => ({ Component: PaymentSuccessPage })),
  },
];
