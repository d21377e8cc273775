import { Link } from 'react-router-dom';
import { CopyrightYear } from '@repo/ui';
import { addressLine, business, emailHref, openingHoursText, telHref } from '../config/business.ts';
import { paths, portalUrls } from '../config/paths.ts';
import { ExternalLink } from './external-link.tsx';
import { LogoMark } from './logo-mark.tsx';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-container site-footer__grid">
        <div>
          <p className="site-footer__name">
            <LogoMark size={28} />
            {business.name}
          </p>
          <p>
            Appliance repair in St Augustine and northeast Florida since {business.since}. {business.emergency} emergency
            service.
          </p>
          <p>{openingHoursText}.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Company</h2>
          <ul>
            <li>
              <Link to={paths.careers}>Careers</Link>
            </li>
            <li>
              <Link to={paths.bookAppointment}>Book Appointment</Link>
            </li>
            <li>
              <Link to={paths.findAppointment}>Find My Appointment</Link>
            </li>
            <li>
              <Link to={paths.payment}>Pay Your Bill</Link>
            </li>
            <li>
              <a href={portalUrls.login}>Customer Login</a>
            </li>
            <li>
              <Link to={paths.subZeroRepair}>Sub-Zero Repair</Link>
            </li>
            <li>
              <Link to={paths.wolfRepair}>Wolf Repair</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul>
            <li>
              <a href={telHref}>{business.phoneDisplay}</a>
            </li>
            <li>
              <a href={emailHref}>{business.email}</a>
            </li>
            <li>
              <ExternalLink href={business.mapsUrl}>
                {addressLine}
              </ExternalLink>
            </li>
          </ul>
        </div>
      </div>
      <p className="site-container site-footer__legal">
        © <CopyrightYear /> {business.name}. All rights reserved. <Link to={paths.privacy}>Privacy Policy</Link> ·{' '}
        <Link to={paths.smsTerms}>SMS Terms</Link>
      </p>
    </footer>
  );
}
