import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/** The booking wizard (/book-appointment). */
export const bookingRoutes: RouteObject[] = [
  {
    path: paths.bookAppointment,
    lazy: () => import('./components/booking-wizard.tsx').then(({ BookingWizard }) => ({ Component: BookingWizard })),
  },
];
