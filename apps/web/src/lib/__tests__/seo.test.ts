import { describe, expect, it } from 'vitest';
import { business } from '../../config/business.ts';
import { faqPageData, jobPostingData, localBusinessData, pageHead } from '../seo.ts';

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

  it('serves every town of the spec, Beverly Beach and Marineland included', () => {
    const towns = (data.areaServed as { name: string }[]).map((town) => town.name);
    for (const town of ['St Augustine', 'Vilano Beach', 'Summer Haven', 'Ormond Beach', 'Beverly Beach', 'Marineland']) {
      expect(towns).toContain(town);
    }
    expect(towns).toHaveLength(13);
  });
});

describe('jobPostingData', () => {
  it('lists the salary as a yearly range', () => {
    const data = jobPostingData(
      { title: 'Technician', description: 'Fix things', datePosted: '2024-06-01', employmentType: 'FULL_TIME', salary: { min: 45_000, max: 65_000, currency: 'USD', unit: 'YEAR' } },
      origin,
    ) as { baseSalary: unknown };
    expect(data.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 45_000, maxValue: 65_000, unitText: 'YEAR' },
    });
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
