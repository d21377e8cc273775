import { Link } from 'react-router-dom';
import { Tooltip } from '@repo/ui';
import { paths } from '../config/paths.ts';
import { EmergencyBanner } from './emergency-banner.tsx';

/** Stays in a corner while the visitor reads: call now, or book online (left out on the booking page itself). */
export function FloatingContact({ withBooking = true }: { withBooking?: boolean }) {
  return (
    <aside className="floating-contact" aria-label="Quick contact">
      <EmergencyBanner variant="floating" />
      {withBooking && (
        <Tooltip label="Book an appointment online" position="top">
          <Link to={paths.bookAppointment} className="floating-contact__book">
            Book
          </Link>
        </Tooltip>
      )}
    </aside>
  );
}
