import { Link } from 'react-router-dom';
import { business, telHref } from '../../../../config/business.ts';
import { paths } from '../../../../config/paths.ts';
import { PhoneIcon } from '../../../../components/icons.tsx';

const stats = [
  { value: business.claims.rating, label: `rating, ${business.claims.reviews} reviews` },
  { value: business.claims.repairs, label: 'repairs completed' },
  { value: business.claims.satisfaction, label: 'customer satisfaction' },
  { value: `${business.yearsExperience} years`, label: `of experience, since ${business.since}` },
] as const;

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="site-container hero__inner hero__inner--split">
        <div>
          <p className="eyebrow eyebrow--light">Same-day service · {business.emergency} emergency repair</p>
          <h1 id="hero-heading">Appliance Repair in St Augustine, FL</h1>
          <p className="hero__lead">
            Fast, honest repair for every major appliance, with a focus on premium brands like Sub-Zero, Wolf, Viking and
            Thermador. We serve St Augustine, Ponte Vedra, Nocatee, Palm Coast, Flagler Beach and Ormond Beach.
          </p>
          <div className="button-row">
            <Link to={paths.bookAppointment} className="btn btn--light btn--lg">
              Schedule Service
            </Link>
            <a href={telHref} className="btn btn--ghost-light btn--lg">
              <PhoneIcon size={20} />
              Call {business.phoneDisplay}
            </a>
          </div>
          <p className="hero__note">
            {business.claims.guarantee} satisfaction guarantee. {business.emergencyRatesNote}
          </p>
        </div>
        <ul className="hero__stats">
          {stats.map(({ value, label }) => (
            <li key={label}>
              <strong>{value}</strong>
              <span>{label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
