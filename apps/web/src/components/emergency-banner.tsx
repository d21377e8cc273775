import { business, telHref } from '../config/business.ts';
import { PhoneIcon } from './icons.tsx';

export type EmergencyBannerVariant = 'header' | 'floating' | 'section' | 'compact';

/** The emergency call prompt; every variant dials the business. */
export function EmergencyBanner({ variant }: { variant: EmergencyBannerVariant }) {
  if (variant === 'floating') {
    return (
      <a href={telHref} className="emergency-floating">
        <PhoneIcon size={18} />
        <span className="floating-contact__label">{business.emergency} Emergency</span>
        <span className="visually-hidden">: call {business.phoneDisplay}</span>
      </a>
    );
  }
  if (variant === 'compact') {
    return (
      <p className="emergency-compact">
        <strong>Appliance emergency?</strong> We answer {business.emergency}.{' '}
        <a href={telHref}>Call {business.phoneDisplay}</a>
      </p>
    );
  }
  if (variant === 'section') {
    return (
      <section className="emergency-section" aria-labelledby="emergency-section-heading">
        <div className="site-container emergency-section__inner">
          <div>
            <h2 id="emergency-section-heading">Appliance emergency? We are here {business.emergency}.</h2>
            <p>
              A technician can be on the way today, nights and weekends included. {business.emergencyRatesNote}
            </p>
          </div>
          <a href={telHref} className="btn btn--light btn--lg">
            <PhoneIcon size={20} />
            Call {business.phoneDisplay}
          </a>
        </div>
      </section>
    );
  }
  return (
    <div className="emergency-header">
      <p className="site-container">
        <strong>{business.emergency} Emergency Appliance Repair</strong>
        <span className="emergency-header__note"> · Same-day service available · </span>
        <a href={telHref}>
          <PhoneIcon size={16} />
          Call {business.phoneDisplay}
        </a>
      </p>
    </div>
  );
}
