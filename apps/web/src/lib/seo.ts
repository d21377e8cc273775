import { pageTitle, usePageHead, type PageHead } from '@repo/ui';
import { business } from '../config/business.ts';
import { env } from '../config/env.ts';

export const shareImagePath = '/images/share.jpg';
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
    areaServed: [...business.towns, ...business.extraStructuredDataTowns].map((name) => ({ '@type': 'City', name })),
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
    areaServed: business.towns.map((name) => ({ '@type': 'City', name })),
  };
}

export type JobPostingInput = {
  title: string;
  description: string;
  datePosted: string;
  employmentType: string;
  salary: { min: number; max: number; currency: string; unit: string };
};

export function jobPostingData(job: JobPostingInput, origin: string = env.webOrigin): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.datePosted,
    employmentType: job.employmentType,
    directApply: false,
    hiringOrganization: { '@type': 'Organization', name: business.name, sameAs: absoluteUrl('/', origin) },
    jobLocation: {
      '@type': 'Place',
      address: postalAddress,
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.salary.currency,
      value: { '@type': 'QuantitativeValue', minValue: job.salary.min, maxValue: job.salary.max, unitText: job.salary.unit },
    },
  };
}
