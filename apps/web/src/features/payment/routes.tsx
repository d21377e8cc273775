import type { RouteObject } from 'react-router-dom';

/** Payment (/payment) and payment confirmation (/payment-success). */
export const paymentRoutes: RouteObject[] = [];
