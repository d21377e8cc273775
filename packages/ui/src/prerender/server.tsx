import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createHeadCollector, HeadCollectorProvider, type PageHead } from '../page-head.tsx';

/** A page written to HTML at build time: its markup for #root and the tags for its head. */
export type PrerenderedPage = { path: string; html: string; head: string };

/**
 * Renders `routes` at `path` to HTML with the tree the browser hydrates (`Provider` is the app's providers), and
 * answers the head its page asked for. Lazy routes must be loaded first (`loadMatchedRoutes`) to render the page itself.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  Provider: ComponentType<{ children: ReactNode }>,
): { html: string; head: PageHead | undefined } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const collector = createHeadCollector();
  const html = renderToString(
    <HeadCollectorProvider collector={collector}>
      <StrictMode>
        <Provider>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>
    </HeadCollectorProvider>,
  );
  router.dispose();
  return { html, head: collector.head };
}
