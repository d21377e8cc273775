import { Link, useLocation } from 'react-router-dom';
import { Tooltip } from '@repo/ui';
import { paths } from '../config/paths.ts';
import { CalendarIcon } from './icons.tsx';
import { EmergencyBanner } from './emergency-banner.tsx';

/** Pages made of form controls: there the contact element sits in the page's flow, where it covers nothing. */
const dockedOn: readonly string[] = [paths.bookAppointment, paths.payment];

/**
 * Call now, or book online (left out on the booking page itself). On a reading page it sticks to the bottom corner
 * of the part of the page it closes (CSS `position: sticky`, so it never floats over the contact form or the footer
 * after it; on a phone two round buttons). On the booking and payment pages it is docked in the flow instead.
 */
export function FloatingContact({ withBooking = true }: { withBooking?: boolean }) {
  const { pathname } = useLocation();
  const docked = dockedOn.includes(pathname);
  return (
    <aside className={docked ? 'floating-contact floating-contact--docked' : 'floating-contact'} aria-label="Quick contact">
      <EmergencyBanner variant="floating" />
      {withBooking && (
        <Tooltip label="Book an appointment online" position="top">
          <Link to={paths.bookAppointment} className="floating-contact__book">
            <CalendarIcon size={18} />
            <span className="floating-contact__label">Book</span>
          </Link>
        </Tooltip>
      )}
    </aside>
  );
}
