import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BrandNameLines, Tooltip } from '@repo/ui';
import { business, telHref } from '../config/business.ts';
import { paths, portalUrls } from '../config/paths.ts';
import { sections } from '../lib/section-scroll.ts';
import { CloseIcon, MenuIcon, PhoneIcon } from './icons.tsx';
import { LogoMark } from './logo-mark.tsx';
import { SectionLink } from './section-link.tsx';

const sectionLinks = [
  { label: 'Services', id: sections.services },
  { label: 'Brands', id: sections.brands },
  { label: 'Reviews', id: sections.reviews },
] as const;

/** The business name on two lines, so the desktop header fits in one row; assistive technology reads it whole. */
function LogoText() {
  return (
    <>
      <span className="visually-hidden">{business.name}</span>
      <BrandNameLines className="site-logo__text" />
    </>
  );
}

/**
 * The sticky header of every public page. Desktop shows the phone number and every action; mid-size screens a phone
 * icon and Book; phones a menu toggle. Which one shows is decided by CSS, so the prerendered page is right at once.
 *
 * The phone menu is a native disclosure (`<details>`), so it opens before the page hydrates and without JavaScript;
 * the browser tells assistive technology whether it is expanded, and CSS swaps the icon and the name ("Open menu" /
 * "Close menu"). Once hydrated, choosing an item or pressing Escape closes it.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLElement>(null);

  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  const onMenuChoice = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) closeMenu();
  };

  const onLogo = (event: MouseEvent<HTMLAnchorElement>) => {
    closeMenu();
    if (pathname !== paths.home) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // The open menu lies over the page instead of lengthening the header, so the scroll offset is right at once.
  const onSection = (go: () => void) => {
    closeMenu();
    go();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    event.preventDefault();
    closeMenu();
    toggle.current?.focus();
  };

  // Real links, so they work before the page hydrates (a click on a slow phone is not lost) and without JavaScript.
  const navLinks = (
    <>
      {sectionLinks.map(({ label, id }) => (
        <SectionLink key={id} section={id} className="nav-link" onNavigate={onSection}>
          {label}
        </SectionLink>
      ))}
      <Link to={paths.careers} className="nav-link">
        Careers
      </Link>
      <SectionLink section={sections.contact} className="nav-link" onNavigate={onSection}>
        Contact
      </SectionLink>
    </>
  );

  return (
    <header className="site-header">
      <div className="site-container site-header__bar">
        <Link to={paths.home} className="site-logo" onClick={onLogo}>
          <LogoMark size={36} />
          <LogoText />
        </Link>
        <nav aria-label="Main" className="site-nav">
          {navLinks}
        </nav>
        <div className="header-actions header-actions--desktop">
          <a href={telHref} className="header-phone">
            <PhoneIcon size={18} />
            {business.phoneDisplay}
          </a>
          <Link to={paths.bookAppointment} className="btn btn--primary">
            Schedule Service
          </Link>
          <a href={portalUrls.technicianTracking} className="btn btn--outline">
            Track
          </a>
          <Link to={paths.payment} className="btn btn--outline">
            Pay Now
          </Link>
          <a href={portalUrls.customerPortal} className="btn btn--outline">
            Portal
          </a>
        </div>
        <div className="header-actions header-actions--mid">
          <Tooltip label={`Call ${business.phoneDisplay}`}>
            <a href={telHref} className="icon-button" aria-label={`Call ${business.phoneDisplay}`}>
              <PhoneIcon />
            </a>
          </Tooltip>
          <Link to={paths.bookAppointment} className="btn btn--primary">
            Book
          </Link>
        </div>
        {/* A visitor may open the menu before hydration: that `open` is theirs, not a mismatch to report. */}
        <details ref={menu} className="mobile-menu" onKeyDown={onMenuKey} suppressHydrationWarning>
          <summary ref={toggle} className="icon-button menu-toggle">
            <span className="menu-toggle__when-closed">
              <MenuIcon />
              <span className="visually-hidden">Open menu</span>
            </span>
            <span className="menu-toggle__when-open">
              <CloseIcon />
              <span className="visually-hidden">Close menu</span>
            </span>
          </summary>
          <div className="mobile-menu__panel">
            {/* Any link chosen in the menu closes it (the boot script does the same before hydration). */}
            <nav aria-label="Menu" className="site-container mobile-menu__nav" onClick={onMenuChoice}>
              {navLinks}
              <a href={telHref} className="nav-link">
                Call {business.phoneDisplay}
              </a>
              <Link to={paths.bookAppointment} className="btn btn--primary">
                Book Appointment
              </Link>
              <a href={portalUrls.technicianTracking} className="btn btn--outline">
                Track Technician
              </a>
              <Link to={paths.payment} className="btn btn--outline">
                Pay Now
              </Link>
              <a href={portalUrls.customerPortal} className="btn btn--outline">
                Customer Portal
              </a>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}
