import { Link } from 'react-router-dom';
import { business } from '../../../../config/business.ts';
import { paths } from '../../../../config/paths.ts';

export function PremierSection() {
  return (
    <section className="section premier" aria-labelledby="premier-heading">
      <div className="site-container premier__inner">
        <p className="eyebrow eyebrow--light">Since {business.since}</p>
        <h2 id="premier-heading">St Augustine’s Premier Appliance Repair Company</h2>
        <p>
          For {business.yearsExperience} years families and builders across St Johns, Flagler, Volusia and Clay counties
          have trusted us with everything from a first apartment washer to a full Sub-Zero and Wolf kitchen. We have completed{' '}
          {business.claims.repairs} repairs with {business.claims.satisfaction} customer satisfaction, and every job is
          backed by our {business.claims.guarantee} satisfaction guarantee.
        </p>
        <Link to={paths.bookAppointment} className="btn btn--light btn--lg">
          Book Your Repair
        </Link>
      </div>
    </section>
  );
}
