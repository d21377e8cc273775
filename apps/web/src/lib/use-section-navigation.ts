import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { rememberSection, scrollToSection } from './section-scroll.ts';

/**
 * Goes to a home page section: on the home page it scrolls there; elsewhere it remembers the section for the session
 * and opens the home page, which scrolls to it.
 */
export function useSectionNavigation(): (id: string) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (pathname === paths.home) {
        scrollToSection(id);
        return;
      }
      rememberSection(id);
      void navigate(paths.home);
    },
    [pathname, navigate],
  );
}
