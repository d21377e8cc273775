import { sections } from '../../../../lib/section-scroll.ts';
import { brands, moreBrands } from '../../content/brands.ts';
import { SectionHeading } from '../section-heading.tsx';

/**
 * Sixteen brand cards. On a phone each shows its logo and name, with the rest behind a native disclosure
 * (details on demand, without JavaScript too); from 40em the disclosure is always open (CSS), so every card reads
 * in full. The full text is in the HTML at every width, for search engines.
 */
export function BrandsSection() {
  return (
    <section id={sections.brands} className="section section--tinted" aria-labelledby="brands-heading">
      <div className="site-container">
        <SectionHeading id="brands-heading" eyebrow="Brands we service" title="Premium & Major Appliance Brands">
          From Sub-Zero and Wolf to Whirlpool and GE, our technicians know the brands in your kitchen and laundry room.
        </SectionHeading>
        <ul className="card-grid card-grid--4 brand-grid">
          {brands.map((brand) => (
            <li key={brand.name} className="card brand-card">
              <div className="brand-card__summary">
                <img src={`/images/brands/${brand.logo}.svg`} alt="" width={160} height={48} loading="lazy" decoding="async" />
                <h3>
                  {brand.name}
                  {brand.premium ? <span className="badge badge--gold">Premium</span> : null}
                </h3>
              </div>
              <details className="brand-card__details">
                <summary>
                  Details<span className="visually-hidden"> about {brand.name} repair</span>
                </summary>
                <div className="brand-card__body">
                  <p className="brand-card__tagline">{brand.tagline}</p>
                  <p>{brand.description}</p>
                  <ul className="check-list">
                    {brand.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <p className="visually-hidden">Specialties:</p>
                  <ul className="chip-list">
                    {brand.specialties.map((specialty) => (
                      <li key={specialty}>{specialty}</li>
                    ))}
                  </ul>
                  <p className="brand-card__warranty">{brand.warranty}</p>
                </div>
              </details>
            </li>
          ))}
        </ul>
        <p className="more-brands">
          We also repair <strong>{moreBrands.slice(0, -1).join(', ')}</strong> and <strong>{moreBrands.at(-1)}</strong>,
          and most other makes.
        </p>
      </div>
    </section>
  );
}
