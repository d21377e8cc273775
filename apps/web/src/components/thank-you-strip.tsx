import { business } from '../config/business.ts';
import { ExternalLink } from './external-link.tsx';

/** Below the header on every public page. */
export function ThankYouStrip() {
  return (
    <aside className="thank-you-strip" aria-label="Thank you">
      <p className="site-container">
        Thank you for choosing {business.name} — rated {business.claims.rating} by our customers.{' '}
        <ExternalLink href={business.leaveReviewUrl}>Leave Review</ExternalLink>
      </p>
    </aside>
  );
}
