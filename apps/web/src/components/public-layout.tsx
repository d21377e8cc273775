import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { applyPageHead, MainContent, SkipLink } from '@repo/ui';
import { markAppHydrated } from '../lib/after-hydration.ts';
import { defaultHead } from '../lib/seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { ThankYouStrip } from './thank-you-strip.tsx';

/**
 * Header, thank-you strip, page and footer. On every navigation the head is first reset to this path's defaults
 * (layout effects run before the page's effects), so a page that sets only a title never keeps the previous page's
 * canonical address or structured data.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    applyPageHead({ ...defaultHead(pathname), title: document.title });
  }, [pathname]);
  useEffect(markAppHydrated, []);
  return (
    <div className="app-shell">
      <SkipLink />
      <SiteHeader />
      <ThankYouStrip />
      <MainContent>
        <Outlet />
      </MainContent>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
