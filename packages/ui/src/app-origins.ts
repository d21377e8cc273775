import { businessContact, localAppOrigin } from '@repo/contracts';

export type AppOrigins = {
  webOrigin: string;
  portalOrigin: string;
  backofficeOrigin: string;
};

type ViteEnv = Partial<Record<string, string | boolean | undefined>>;

function origin(value: string | boolean | undefined, fallback: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return (text || fallback).replace(/\/+$/, '');
}

/** The three apps' origins from `import.meta.env` (VITE_WEB_ORIGIN, ...), with the local gateway's as defaults. */
export function readAppOrigins(env: ViteEnv): AppOrigins {
  return {
    webOrigin: origin(env.VITE_WEB_ORIGIN, localAppOrigin('web')),
    portalOrigin: origin(env.VITE_PORTAL_ORIGIN, localAppOrigin('portal')),
    backofficeOrigin: origin(env.VITE_BACKOFFICE_ORIGIN, localAppOrigin('backoffice')),
  };
}

export type BusinessContact = {
  email: string;
  careersEmail: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  reviewsUrl: string;
  leaveReviewUrl: string;
  socialUrl: string;
  /** A maps search for the street address; opens the visitor's maps service. */
  mapsUrl: string;
};

function text(value: string | boolean | undefined, fallback: string): string {
  return (typeof value === 'string' ? value.trim() : '') || fallback;
}

/**
 * The business's email addresses, street address and review and social links: the defaults of @repo/contracts, each
 * replaced by its VITE_BUSINESS_* variable when one is given at build time.
 */
export function readBusinessContact(env: ViteEnv): BusinessContact {
  const address = {
    street: text(env.VITE_BUSINESS_STREET, businessContact.address.street),
    city: text(env.VITE_BUSINESS_CITY, businessContact.address.city),
    region: text(env.VITE_BUSINESS_REGION, businessContact.address.region),
    postalCode: text(env.VITE_BUSINESS_POSTAL_CODE, businessContact.address.postalCode),
    country: businessContact.address.country,
  };
  const query = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
  return {
    email: text(env.VITE_BUSINESS_EMAIL, businessContact.email),
    careersEmail: text(env.VITE_BUSINESS_CAREERS_EMAIL, businessContact.careersEmail),
    address,
    reviewsUrl: text(env.VITE_BUSINESS_REVIEWS_URL, businessContact.reviewsUrl),
    leaveReviewUrl: text(env.VITE_BUSINESS_LEAVE_REVIEW_URL, businessContact.leaveReviewUrl),
    socialUrl: text(env.VITE_BUSINESS_SOCIAL_URL, businessContact.socialUrl),
    mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query).replace(/%20/g, '+')}`,
  };
}

/** "3040 US Highway 1 South, St Augustine, FL 32086" */
export function postalAddressLine({ address }: Pick<BusinessContact, 'address'>): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}
