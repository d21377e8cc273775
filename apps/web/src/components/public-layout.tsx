import { Outlet } from 'react-router-dom';
import { MainContent, SkipLink } from '@repo/ui';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout() {
  return (
    <div className="app-shell">
      <SkipLink />
      <SiteHeader />
      <MainContent>
        <Outlet />
      </MainContent>
      <SiteFooter />
    </div>
  );
}
