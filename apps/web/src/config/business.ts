import { business as constants } from '@repo/contracts';

/**
 * Every business fact the public site shows, in one place. The constants shared with the services (name, phone,
 * hours, claims) come from @repo/contracts; the facts only the site needs are added here.
 */
export const business = {
  ...constants,
  email: 'service@example.com',
  careersEmail: 'careers@example.com',
  address: {
    street: '1 King Street',
    city: 'St Augustine',
    region: 'FL',
    postalCode: '32084',
    country: 'US',
  },
  /** A maps search for the street address; opens the visitor's maps service. */
  mapsUrl: 'https://www.google.com/maps/search/?api=1&query=1+King+Street%2C+St+Augustine%2C+FL+32084',
  /** The public list of reviews (View All Reviews). */
  reviewsUrl: 'https://www.google.com/search?q=St+Augustine+Appliance+Repair+reviews',
  /** Where a customer writes a review (Leave a Review, the thank-you strip). */
  leaveReviewUrl: 'https://www.google.com/search?q=St+Augustine+Appliance+Repair+write+a+review',
  socialUrl: 'https://www.facebook.com/staugustineappliancerepair',
  /** The field-service provider's work-order request page, embedded in the contact section. */
  workOrderForm: { url: 'https://portal.servicefusion.com/requestWorkOrder', id: 'staugustineappliancerepair' },
  emergencyRatesNote: 'Emergency rates may apply after hours.',
  premiumBrands: ['Sub-Zero', 'Wolf', 'Viking', 'Thermador'],
  /** Towns named on the page, in the spec's order. */
  towns: [
    'St Augustine',
    'St Augustine Beach',
    'Vilano Beach',
    'Palm Coast',
    'Flagler Beach',
    'Ponte Vedra Beach',
    'Ponte Vedra',
    'Nocatee',
    'Crescent Beach',
    'Summer Haven',
    'Ormond Beach',
  ],
  /** Structured data lists these as well. */
  extraStructuredDataTowns: ['Beverly Beach', 'Marineland'],
  geo: { latitude: 29.8947, longitude: -81.3145 },
} as const;

export const telHref = `tel:${business.phoneTel}`;
export const emailHref = `mailto:${business.email}`;

/** The work-order request page with the business's id, as the embedded form loads it. */
export function workOrderFormUrl(): string {
  const url = new URL(business.workOrderForm.url);
  url.searchParams.set('id', business.workOrderForm.id);
  return url.toString();
}

/** "07:00" → "7:00 AM". */
export function twelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

export const openingHoursText = `Open every day, ${twelveHour(business.hours.opens)} – ${twelveHour(business.hours.closes)}`;
