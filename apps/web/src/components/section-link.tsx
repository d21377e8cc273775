import type { AnchorHTMLAttributes } from 'react';
import { paths } from '../config/paths.ts';
import { isPlainClick, sectionHref } from '../lib/section-scroll.ts';
import { useSectionNavigation } from '../lib/use-section-navigation.ts';

export type SectionLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  section: string;
  /** The page holding the section; the home page unless said. */
  page?: string;
  /** Runs the hydrated navigation: now, or later (the header first closes its menu). */
  onNavigate?: (go: () => void) => void;
};

/**
 * A link to a section (`/#services`): before hydration and without JavaScript the browser follows it and the CSS
 * scroll margin keeps the section clear of the sticky header; once hydrated, a plain click scrolls smoothly instead.
 */
export function SectionLink({ section, page = paths.home, onNavigate, ...anchor }: SectionLinkProps) {
  const goToSection = useSectionNavigation();
  return (
    <a
      {...anchor}
      href={sectionHref(section, page)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        const go = () => goToSection(section, page);
        if (onNavigate) onNavigate(go);
        else go();
      }}
    />
  );
}
