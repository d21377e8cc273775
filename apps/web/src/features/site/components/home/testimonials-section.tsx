import { business } from '../../../../config/business.ts';
import { ExternalLink } from '../../../../components/external-link.tsx';
import { StarIcon } from '../../../../components/icons.tsx';
import { sections } from '../../../../lib/section-scroll.ts';
import { testimonials } from '../../content/testimonials.ts';
import { SectionHeading } from '../section-heading.tsx';

function Rating({ value }: { value: number }) {
  return (
    <p className="rating" role="img" aria-label={`Rated ${value} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <span key={index} className={index < value ? 'rating__star rating__star--on' : 'rating__star'}>
          <StarIcon size={18} />
        </span>
      ))}
    </p>
  );
}

export function TestimonialsSection() {
  return (
    <section id={sections.reviews} className="section section--tinted" aria-labelledby="reviews-heading">
      <div className="site-container">
        <SectionHeading id="reviews-heading" eyebrow="Reviews" title="What Our Customers Say">
          Rated {business.claims.rating} from {business.claims.reviews} reviews.
        </SectionHeading>
        <ul className="card-grid card-grid--3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} className="card testimonial-card">
              <Rating value={testimonial.rating} />
              <blockquote>
                <p>“{testimonial.text}”</p>
              </blockquote>
              <p className="testimonial-card__author">
                <strong>{testimonial.name}</strong>
                <span>{testimonial.location}</span>
              </p>
            </li>
          ))}
        </ul>
        <div className="button-row button-row--center">
          <ExternalLink href={business.reviewsUrl} className="btn btn--outline">
            View All Reviews
          </ExternalLink>
          <ExternalLink href={business.leaveReviewUrl} className="btn btn--primary">
            Leave a Review
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
