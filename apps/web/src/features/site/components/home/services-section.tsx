import { SectionLink } from '../../../../components/section-link.tsx';
import { sections } from '../../../../lib/section-scroll.ts';
import { services } from '../../content/services.ts';
import { SectionHeading } from '../section-heading.tsx';
import { ServiceIcon } from './service-icon.tsx';

export function ServicesSection() {
  return (
    <section id={sections.services} className="section" aria-labelledby="services-heading">
      <div className="site-container">
        <SectionHeading id="services-heading" eyebrow="What we fix" title="Expert Appliance Repair Services">
          Refrigerators, wine coolers, washers, dryers, dishwashers, ovens and ranges, microwaves, garbage disposals and
          ice makers, repaired by experienced local technicians.
        </SectionHeading>
        <ul className="card-grid card-grid--3">
          {services.map((service, index) => (
            <li key={service.title} className="card service-card">
              <div className="service-card__top">
                <ServiceIcon icon={service.icon} />
                <div className="badge-row">
                  {service.premium ? <span className="badge badge--gold">Premium Brands</span> : null}
                  {service.specialty ? <span className="badge badge--purple">Specialty Service</span> : null}
                </div>
              </div>
              <h3 id={`service-${index}`}>{service.title}</h3>
              <p>{service.description}</p>
              <p className="service-card__brands">
                <span className="visually-hidden">Brands: </span>
                {service.brands.map((brand) => brand.name).join(' · ')}
              </p>
              <SectionLink section={sections.contact} className="btn btn--outline service-card__cta" aria-describedby={`service-${index}`}>
                Get Expert Quote
              </SectionLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
