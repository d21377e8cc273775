import { Link } from 'react-router-dom';
import { business, emailHref, telHref } from '../../../../config/business.ts';
import { paths } from '../../../../config/paths.ts';
import { ClockIcon, MailIcon, PhoneIcon, ShieldIcon, StarIcon, WrenchIcon } from '../../../../components/icons.tsx';
import { sections } from '../../../../lib/section-scroll.ts';
import { IconCard } from '../icon-card.tsx';
import { SectionHeading } from '../section-heading.tsx';

const reasons = [
  { icon: ClockIcon, title: 'Same-Day Service', text: `Call by noon and we are usually there today; ${business.emergency} for emergencies.` },
  { icon: StarIcon, title: `${business.claims.rating} Rating`, text: `${business.claims.reviews} reviews from neighbours across northeast Florida.` },
  { icon: WrenchIcon, title: `${business.claims.repairs} Repairs`, text: `${business.yearsExperience} years of experience, serving the area since ${business.since}.` },
  { icon: ShieldIcon, title: `${business.claims.guarantee} Satisfaction Guarantee`, text: `${business.claims.satisfaction} of customers are satisfied, and we make it right for the rest.` },
] as const;

export function WhyChooseUsSection() {
  return (
    <section id={sections.whyUs} className="section" aria-labelledby="why-heading">
      <div className="site-container">
        <SectionHeading id="why-heading" eyebrow="Why choose us" title={`Why St Augustine Chooses ${business.name}`}>
          A family business with factory-trained technicians, genuine parts and up-front pricing.
        </SectionHeading>
        <ul className="card-grid card-grid--4">
          {reasons.map((reason) => (
            <IconCard key={reason.title} {...reason} />
          ))}
        </ul>
        <div className="cta-panel">
          <div>
            <h3>Ready to get your appliance working again?</h3>
            <p>Book online in a minute, or talk to us now.</p>
          </div>
          <div className="button-row">
            <Link to={paths.bookAppointment} className="btn btn--light">
              Schedule Service Online
            </Link>
            <a href={telHref} className="btn btn--ghost-light">
              <PhoneIcon size={18} />
              Call Now
            </a>
            <a href={emailHref} className="btn btn--ghost-light">
              <MailIcon size={18} />
              Email Us
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
