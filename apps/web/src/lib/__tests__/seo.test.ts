import { describe, expect, it } from 'vitest';
import { business, servedTowns } from '../../config/business.ts';
import { brandServiceData, faqPageData, jobPostingData, localBusinessData, pageHead, rollingValidThrough } from '../seo.ts';

const origin = 'https://example.com';

describe('pageHead', () => {
  it('makes absolute canonical and share image addresses on the configured origin', () => {
    const head = pageHead({ title: 'Careers', description: 'Jobs', path: '/careers' }, origin);
    expect(head.title).toBe(`Careers | ${business.name}`);
    expect(head.canonicalUrl).toBe('https://example.com/careers');
    expect(head.imageUrl).toBe('https://example.com/images/share.jpg');
    expect(head.keywords).toMatch(/appliance repair/);
  });
});

describe('localBusinessData', () => {
  const data = localBusinessData(origin) as Record<string, unknown>;

  it('has hours 07:00-20:00 every day, $$ and cash, credit card and check', () => {
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: '07:00',
        closes: '20:00',
      }),
    ]);
    expect(data.priceRange).toBe('$$');
    expect(data.paymentAccepted).toBe('Cash, Credit Card, Check');
    expect(data.telephone).toBe('+19048021998');
  });

  it('serves every town, Beverly Beach and Marineland included', () => {
    const towns = (data.areaServed as { name: string }[]).map((town) => town.name);
    for (const town of ['St Augustine', 'Vilano Beach', 'Summer Haven', 'Ormond Beach', 'Beverly Beach', 'Marineland']) {
      expect(towns).toContain(town);
    }
    expect(towns).toEqual(servedTowns);
    expect(towns).toHaveLength(13);
  });

  it('has the logo, the same one the job posting names', () => {
    expect(data.logo).toBe('https://example.com/images/logo.svg');
  });
});

describe('brandServiceData', () => {
  it("serves the brand pages' four towns, not every town of the business", () => {
    const data = brandServiceData('Wolf', 'Wolf repair', '/wolf-repair', origin) as { areaServed: unknown; provider: unknown };
    expect(data.areaServed).toEqual(
      ['St Augustine', 'St Augustine Beach', 'Palm Coast', 'Ponte Vedra Beach'].map((name) => ({ '@type': 'City', name })),
    );
    expect(data.provider).toEqual({ '@id': 'https://example.com/#business' });
  });
});

describe('jobPostingData', () => {
  const job = {
    id: 'technician',
    title: 'Technician',
    description: '<p>Fix things</p>',
    datePosted: '2024-06-01',
    validThrough: '2026-12-31',
    employmentType: 'FULL_TIME',
    salary: { min: 45_000, max: 65_000, currency: 'USD', unit: 'YEAR' },
  } as const;
  const data = jobPostingData(job, origin) as Record<string, unknown>;

  it('lists the salary as a yearly range', () => {
    expect(data.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 45_000, maxValue: 65_000, unitText: 'YEAR' },
    });
  });

  it("has the fields search engines' job search asks for: id, dates, type, employer with logo, address", () => {
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      identifier: { '@type': 'PropertyValue', name: business.name, value: 'technician' },
      datePosted: '2024-06-01',
      validThrough: '2026-12-31',
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: business.name,
        sameAs: 'https://example.com/',
        logo: 'https://example.com/images/logo.svg',
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: business.address.street,
          addressLocality: business.address.city,
          addressRegion: business.address.region,
          postalCode: business.address.postalCode,
          addressCountry: business.address.country,
        },
      },
    });
  });
});

describe('rollingValidThrough', () => {
  it('is the last day of the month after the given day', () => {
    expect(rollingValidThrough(new Date('2026-11-23T14:00:00Z'))).toBe('2026-12-31');
    expect(rollingValidThrough(new Date('2026-12-01T00:00:00Z'))).toBe('2027-01-31');
    expect(rollingValidThrough(new Date('2028-01-31T23:59:59Z'))).toBe('2028-02-29');
  });

  it('reads the day in UTC, as the prerendering build does', () => {
    // 8 PM on 31 October in Florida is already 1 November in UTC.
    expect(rollingValidThrough(new Date('2026-10-31T20:00:00-04:00'))).toBe('2026-12-31');
  });
});

describe('faqPageData', () => {
  it('turns questions into schema.org Question entries', () => {
    expect(faqPageData([{ question: 'Q?', answer: 'A.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
    });
  });
});
