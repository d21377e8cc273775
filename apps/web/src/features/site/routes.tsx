import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/** Public marketing pages: home, careers, brand pages, font examples. */
export const siteRoutes: RouteObject[] = [
  { path: paths.home, lazy: () => import('../../app/routes/home.tsx').then(({ HomeRoute }) => ({ Component: HomeRoute })) },
];
