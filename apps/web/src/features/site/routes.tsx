import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/** Public marketing pages: home, careers, brand pages, font examples. Each page's code loads with its route. */
export const siteRoutes: RouteObject[] = [
  {
    path: paths.home,
    lazy: () => import('./pages/home-page.tsx').then(({ HomePage }) => ({ Component: HomePage })),
  },
  {
    path: paths.careers,
    lazy: () => import('./pages/careers-page.tsx').then(({ CareersPage }) => ({ Component: CareersPage })),
  },
  {
    path: paths.subZeroRepair,
    lazy: () =>
      Promise.all([import('./pages/brand-page.tsx'), import('./content/brand-pages.ts')]).then(([{ BrandPage }, { subZeroPage }]) => ({
        Component: () => <BrandPage content={subZeroPage} />,
      })),
  },
  {
    path: paths.wolfRepair,
    lazy: () =>
      Promise.all([import('./pages/brand-page.tsx'), import('./content/brand-pages.ts')]).then(([{ BrandPage }, { wolfPage }]) => ({
        Component: () => <BrandPage content={wolfPage} />,
      })),
  },
  {
    path: paths.fontExamples,
    lazy: () => import('./pages/font-examples-page.tsx').then(({ FontExamplesPage }) => ({ Component: FontExamplesPage })),
  },
];
