import { Link } from 'react-router-dom';
import { business, telHref } from '../../../config/business.ts';
import { paths } from '../../../config/paths.ts';
import { EmergencyBanner } from '../../../components/emergency-banner.tsx';
import { PhoneIcon, ShieldIcon, WrenchIcon, StarIcon } from '../../../components/icons.tsx';
import { brandServiceData, localBusinessData, useSeo } from '../../../lib/seo.ts';
import { IconCard } from './icon-card.tsx';
import { SectionHeading } from './section-heading.tsx';
import { brandPageArea, type BrandPage as BrandPageContent } from '../content/brand-pages.ts';

const benefitIcons = [ShieldIcon, WrenchIcon, StarIcon] as const;

function CallAndSchedule({ large = false }: { large?: boolean }) {
  const size = large ? ' btn--lg' : '';
  return (
    <div className="button-row">
      <a href={telHref} className={`btn btn--light${size}`}>
        <PhoneIcon size={20} />
        Call {business.phoneDisplay}
      </a>
      <Link to={paths.bookAppointment} className={`btn btn--ghost-light${size}`}>
        Schedule Service
      </Link>
    </div>
  );
}

/** A premium brand's marketing page (/sub-zero-repair, /wolf-repair). */
export function BrandPage({ content }: { content: BrandPageContent }) {
  useSeo({
    title: content.title,
    description: content.description,
    keywords: content.keywords,
    path: content.path,
    structuredData: [localBusinessData(), brandServiceData(content.brand, content.description, content.path)],
  });
  return (
    <>
      <section className="hero" aria-labelledby="brand-heading">
        <div className="site-container hero__inner">
          <img
            className="hero__logo"
            src={`/images/brands/${content.logo}.svg`}
            alt={`${content.brand} logo`}
            width={160}
            height={48}
          />
          <p className="eyebrow eyebrow--light">Factory-authorized · Same-day service · Since {business.since}</p>
          <h1 id="brand-heading">{content.headline}</h1>
          <p className="hero__lead">{content.intro}</p>
          <CallAndSchedule large />
        </div>
      </section>

      <section className="section" aria-labelledby="brand-benefits-heading">
        <div className="site-container">
          <SectionHeading id="brand-benefits-heading" title={`Why Choose Us for ${content.brand} Repair`} />
          <ul className="card-grid card-grid--3">
            {content.benefits.map((benefit, index) => (
              <IconCard key={benefit.title} icon={benefitIcons[index % benefitIcons.length] ?? ShieldIcon} {...benefit} />
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="brand-services-heading">
        <div className="site-container site-container--narrow">
          <SectionHeading id="brand-services-heading" title={content.servicesHeading}>
            Serving {brandPageArea}.
          </SectionHeading>
          <ul className="check-list check-list--columns">
            {content.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section premier" aria-labelledby="brand-cta-heading">
        <div className="site-container premier__inner">
          <h2 id="brand-cta-heading">Book Your {content.brand} Repair Today</h2>
          <p>Call our business line or schedule online. Most repairs are finished on the first visit with genuine parts.</p>
          <CallAndSchedule />
        </div>
      </section>
      <EmergencyBanner variant="section" />
    </>
  );
}
