import { business } from '../../../../config/business.ts';
import { SectionLink } from '../../../../components/section-link.tsx';
import { sections } from '../../../../lib/section-scroll.ts';
import { serviceAreas, serviceAreaText } from '../../content/service-areas.ts';
import { SectionHeading } from '../section-heading.tsx';

export function ServiceAreasSection() {
  return (
    <section id={sections.serviceAreas} className="section section--tinted" aria-labelledby="areas-heading">
      <div className="site-container">
        <SectionHeading id="areas-heading" eyebrow="Service areas" title="Serving Northeast Florida">
          {business.towns.join(', ')}.
        </SectionHeading>
        <ul className="card-grid card-grid--4">
          {serviceAreas.map((area, index) => (
            <li key={area.county} className="card area-card">
              <h3 id={`area-${index}`}>{area.county}</h3>
              <p>{serviceAreaText(area)}</p>
              <SectionLink section={sections.contact} className="btn btn--primary" aria-describedby={`area-${index}`}>
                Schedule Service
              </SectionLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
