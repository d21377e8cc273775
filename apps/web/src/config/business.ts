import { business as constants } from '@repo/contracts';
import { postalAddressLine, readBusinessContact } from '@repo/ui';

/**
 * The towns served, in the order the pages name them: the one list the pages' text and the structured data are made
 * from. The home page names them all, and its LocalBusiness lists them with `extraStructuredDataTowns`.
 */
const towns = [
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
] as const;
/** Structured data lists these as well (the home page's Flagler County card names them). */
const extraStructuredDataTowns = ['Beverly Beach', 'Marineland'] as const;

/** A town the business serves. */
export type Town = (typeof towns)[number] | (typeof extraStructuredDataTowns)[number];

/** Every town served: what the LocalBusiness structured data lists. */
export const servedTowns: readonly Town[] = [...towns, ...extraStructuredDataTowns];

/** The area the brand pages serve, a subset of `towns`: their text and their Service's areaServed. */
const brandPageTowns: readonly Town[] = ['St Augustine', 'St Augustine Beach', 'Palm Coast', 'Ponte Vedra Beach'];

/**
 * Every business fact the public site shows, in one place. The constants shared with the services (name, phone,
 * hours, claims) and the contact details (emails, address, review and social links, overridable at build time) come
 * from @repo/contracts; the facts only the site needs are added here.
 */
export const business = {
  ...constants,
  ...readBusinessContact(import.meta.env),
  /** The field-service provider's work-order request page, embedded in the contact section. */
  workOrderForm: { url: 'https://portal.servicefusion.com/requestWorkOrder', id: 'staugustineappliancerepair' },
  emergencyRatesNote: 'Emergency rates may apply after hours.',
  premiumBrands: ['Sub-Zero', 'Wolf', 'Viking', 'Thermador'],
  towns,
  extraStructuredDataTowns,
  brandPageTowns,
  geo: { latitude: 29.8947, longitude: -81.3145 },
} as const;

/** "A, B and C": towns (or any names) as a sentence reads them. */
export function joinNames(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const telHref = `tel:${business.phoneTel}`;
export const emailHref = `mailto:${business.email}`;
export const addressLine = postalAddressLine(business);

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
