import { pageTitle, usePageHead, type PageHead } from '@repo/ui';
import { business, servedTowns } from '../config/business.ts';
import { env } from '../config/env.ts';

export const shareImagePath = '/images/share.jpg';
/** The business's logo (the site's mark, large enough for search engines' 112 px minimum), in public/. */
export const logoPath = '/images/logo.svg';
export const defaultKeywords =
  'appliance repair St Augustine, refrigerator repair, washer repair, dryer repair, oven repair, Sub-Zero repair, Wolf repair, emergency appliance repair';

export type PageMeta = {
  /** The page's own title; the business name is appended. */
  title: string;
  description: string;
  keywords?: string;
  /** The page's path, from which the canonical address is made. */
  path: string;
  /** A path or full address of the share image; the site's share image when absent. */
  image?: string;
  structuredData?: readonly object[];
};

/** A site path as a full address on the public site's configured origin. */
export function absoluteUrl(path: string, origin: string = env.webOrigin): string {
  return new URL(path, `${origin}/`).toString();
}

export function pageHead(meta: PageMeta, origin: string = env.webOrigin): PageHead {
  return {
    title: pageTitle(meta.title),
    description: meta.description,
    keywords: meta.keywords ?? defaultKeywords,
    canonicalUrl: absoluteUrl(meta.path, origin),
    imageUrl: absoluteUrl(meta.image ?? shareImagePath, origin),
    structuredData: meta.structuredData ?? [],
  };
}

export const defaultDescription =
  'Same-day appliance repair in St Augustine, FL since 1984: refrigerators, washers, dryers, dishwashers, ovens and premium brands like Sub-Zero and Wolf.';

/** What a page that sets only its title (or nothing) has: its own canonical address and the site's defaults. */
export function defaultHead(path: string, origin: string = env.webOrigin): PageHead {
  return { ...pageHead({ title: '', description: defaultDescription, path }, origin), title: business.name };
}

/** Title, description, keywords, canonical address, share image and structured data of a public page. */
export function useSeo(meta: PageMeta): void {
  usePageHead(pageHead(meta));
}

const postalAddress = {
  '@type': 'PostalAddress',
  streetAddress: business.address.street,
  addressLocality: business.address.city,
  addressRegion: business.address.region,
  postalCode: business.address.postalCode,
  addressCountry: business.address.country,
};

const cities = (towns: readonly string[]) => towns.map((name) => ({ '@type': 'City', name }));

const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The schema.org LocalBusiness the home and brand pages describe. */
export function localBusinessData(origin: string = env.webOrigin): object {
  const url = absoluteUrl('/', origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: business.name,
    url,
    image: absoluteUrl(shareImagePath, origin),
    logo: absoluteUrl(logoPath, origin),
    telephone: business.phoneTel,
    email: business.email,
    priceRange: business.priceRange,
    paymentAccepted: business.paymentAccepted.join(', '),
    foundingDate: String(business.since),
    address: postalAddress,
    geo: { '@type': 'GeoCoordinates', ...business.geo },
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens: business.hours.opens, closes: business.hours.closes },
    ],
    areaServed: cities(servedTowns),
    sameAs: [business.socialUrl],
  };
}

export function faqPageData(items: readonly { question: string; answer: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/** A repair service of one brand, provided by the business. */
export function brandServiceData(brand: string, description: string, path: string, origin: string = env.webOrigin): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `${brand} Appliance Repair`,
    serviceType: 'Appliance repair',
    description,
    url: absoluteUrl(path, origin),
    brand: { '@type': 'Brand', name: brand },
    provider: { '@id': `${absoluteUrl('/', origin)}#business` },
    areaServed: cities(business.brandPageTowns),
  };
}

export type JobPostingInput = {
  /** The opening's own id, kept while it stays open: search engines tell postings apart by it. */
  id: string;
  title: string;
  description: string;
  /** When the opening was first posted (YYYY-MM-DD). */
  datePosted: string;
  /** When the posting expires (YYYY-MM-DD); see `rollingValidThrough`. */
  validThrough: string;
  employmentType: 'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN';
  salary: { min: number; max: number; currency: string; unit: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR' };
};

/**
 * The expiry of a standing opening: the last day of the month after `today`'s (UTC, so the prerendered page and the
 * browser agree). The openings have no closing date, but a posting without one looks open forever to search engines;
 * this one rolls forward whenever the site is built (its prerendered page) or the careers page runs in a browser (its
 * script writes the head again), and a site left unbuilt stops advertising within two months at most.
 */
export function rollingValidThrough(today: Date): string {
  // Day 0 of a month is the last day of the month before it.
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 0)).toISOString().slice(0, 10);
}

/** A schema.org JobPosting with what Google's job search requires and recommends for an on-site job. */
export function jobPostingData(job: JobPostingInput, origin: string = env.webOrigin): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: business.name, value: job.id },
    datePosted: job.datePosted,
    validThrough: job.validThrough,
    employmentType: job.employmentType,
    directApply: false,
    hiringOrganization: {
      '@type': 'Organization',
      name: business.name,
      sameAs: absoluteUrl('/', origin),
      logo: absoluteUrl(logoPath, origin),
    },
    jobLocation: { '@type': 'Place', address: postalAddress },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.salary.currency,
      value: { '@type': 'QuantitativeValue', minValue: job.salary.min, maxValue: job.salary.max, unitText: job.salary.unit },
    },
  };
}
