import { useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Tooltip } from '@repo/ui';
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

const mobileMenuId = 'mobile-menu';

/**
 * The business name on two lines ("St Augustine" over "Appliance Repair") so the desktop header fits in one row;
 * assistive technology reads it whole.
 */
function LogoText() {
  const words = business.name.split(' ');
  return (
    <>
      <span className="visually-hidden">{business.name}</span>
      <span className="site-logo__text" aria-hidden="true">
        <span>{words.slice(0, 2).join(' ')}</span>
        <span>{words.slice(2).join(' ')}</span>
      </span>
    </>
  );
}

/**
 * The sticky header of every public page. Desktop shows the phone number and every action; mid-size screens a phone
 * icon and Book; phones a menu toggle. Which one shows is decided by CSS, so the prerendered page is right at once.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  const onLogo = (event: MouseEvent<HTMLAnchorElement>) => {
    setMenuOpen(false);
    if (pathname !== paths.home) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  /** Closes the menu first so the header is back to its normal height when the scroll offset is measured. */
  const onSection = (go: () => void) => {
    if (!menuOpen) {
      go();
      return;
    }
    setMenuOpen(false);
    window.requestAnimationFrame(go);
  };

  const closeMenu = () => setMenuOpen(false);

  // Real links, so they work before the page hydrates (a click on a slow phone is not lost) and without JavaScript.
  const navLinks = (
    <>
      {sectionLinks.map(({ label, id }) => (
        <SectionLink key={id} section={id} className="nav-link" onNavigate={onSection}>
          {label}
        </SectionLink>
      ))}
      <Link to={paths.careers} className="nav-link" onClick={closeMenu}>
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
        <button
          ref={toggle}
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={mobileMenuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      <div
        id={mobileMenuId}
        className="mobile-menu"
        hidden={!menuOpen}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          setMenuOpen(false);
          toggle.current?.focus();
        }}
      >
        <nav aria-label="Menu" className="site-container mobile-menu__nav">
          {navLinks}
          <a href={telHref} className="nav-link" onClick={closeMenu}>
            Call {business.phoneDisplay}
          </a>
          <Link to={paths.bookAppointment} className="btn btn--primary" onClick={closeMenu}>
            Book Appointment
          </Link>
          <a href={portalUrls.technicianTracking} className="btn btn--outline" onClick={closeMenu}>
            Track Technician
          </a>
          <Link to={paths.payment} className="btn btn--outline" onClick={closeMenu}>
            Pay Now
          </Link>
          <a href={portalUrls.customerPortal} className="btn btn--outline" onClick={closeMenu}>
            Customer Portal
          </a>
        </nav>
      </div>
    </header>
  );
}
