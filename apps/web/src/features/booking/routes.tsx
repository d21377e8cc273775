import type { RouteObject } from 'react-router-dom';

/** The booking wizard (/book-appointment). */
export const bookingRoutes: RouteObject[] = [];
