import { Link } from 'react-router-dom';
import { addressLine, business, telHref } from '../../../../config/business.ts';
import { paths } from '../../../../config/paths.ts';
import { EmergencyBanner } from '../../../../components/emergency-banner.tsx';
import { ExternalLink } from '../../../../components/external-link.tsx';
import { MailIcon, MapPinIcon, PhoneIcon, StarIcon } from '../../../../components/icons.tsx';
import { emailBusiness, mailtoHref } from '../../../../lib/mail.ts';
import { isPlainClick, sections } from '../../../../lib/section-scroll.ts';
import { SectionHeading } from '../section-heading.tsx';
import { WorkOrderForm } from './work-order-form.tsx';

/** The contact section (anchor #contact): every way to reach the business and the provider's request form. */
export function ContactSection() {
  return (
    <section id={sections.contact} className="section" aria-labelledby="contact-heading">
      <div className="site-container">
        <SectionHeading id="contact-heading" eyebrow="Contact" title="Request Service or Get a Quote">
          Call, email or send a service request and we will get back to you the same day.
        </SectionHeading>
        <div className="contact-grid">
          <div className="contact-details">
            <ul className="contact-list">
              <li>
                <PhoneIcon />
                <a href={telHref}>Call {business.phoneDisplay}</a>
              </li>
              <li>
                <MailIcon />
                {/* A mail link without JavaScript; with it, a desktop without a mail client gets the address copied. */}
                <a
                  href={mailtoHref({ to: business.email })}
                  className="link-button"
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    void emailBusiness(business.email);
                  }}
                >
                  Email {business.email}
                </a>
              </li>
              <li>
                <MapPinIcon />
                <ExternalLink href={business.mapsUrl}>
                  {addressLine}
                </ExternalLink>
              </li>
              <li>
                <StarIcon />
                <ExternalLink href={business.leaveReviewUrl}>Leave a Review</ExternalLink>
              </li>
              <li>
                <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
                  <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
                </svg>
                <ExternalLink href={business.socialUrl}>Follow us on Facebook</ExternalLink>
              </li>
            </ul>
            <EmergencyBanner variant="compact" />
            <div className="pay-box">
              <h3>Need to Pay for Service?</h3>
              <p>Pay your invoice securely online with a credit or debit card.</p>
              <Link to={paths.payment} className="btn btn--primary">
                Pay Now
              </Link>
            </div>
          </div>
          <WorkOrderForm />
        </div>
      </div>
    </section>
  );
}
