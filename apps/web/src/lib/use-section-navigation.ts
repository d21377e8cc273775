import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { rememberSection, scrollToSection, showSectionInAddress } from './section-scroll.ts';

/**
 * Goes to a section of `page` (the home page unless said), once the page has hydrated: on that page it scrolls there
 * smoothly; elsewhere it remembers the section for the session and opens the page, which scrolls to it.
 */
export function useSectionNavigation(): (id: string, page?: string) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string, page: string = paths.home) => {
      if (pathname === page) {
        if (scrollToSection(id)) showSectionInAddress(id);
        return;
      }
      rememberSection(id);
      void navigate(page);
    },
    [pathname, navigate],
  );
}
