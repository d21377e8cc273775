import { describe, expect, it } from 'vitest';
import { business, joinNames, servedTowns } from '../../../config/business.ts';
import { brandPageArea, subZeroPage, wolfPage } from '../content/brand-pages.ts';
import { serviceAreas, serviceAreaText } from '../content/service-areas.ts';

describe('towns', () => {
  it('every town served is on one county card of the home page', () => {
    const onCards = serviceAreas.flatMap((area) => area.towns);
    expect([...onCards].sort()).toEqual([...servedTowns].sort());
  });

  it('writes a county card as a sentence', () => {
    expect(serviceAreas.map(serviceAreaText)).toEqual([
      'St Augustine, St Augustine Beach, Vilano Beach, Ponte Vedra Beach, Ponte Vedra, Nocatee, Crescent Beach and Summer Haven.',
      'Palm Coast, Flagler Beach, Beverly Beach and Marineland.',
      'Ormond Beach and the communities along the northern Volusia coast.',
      'Green Cove Springs, Fleming Island and Orange Park, by appointment.',
    ]);
  });

  it('the brand pages name their four towns', () => {
    expect(brandPageArea).toBe('St Augustine, St Augustine Beach, Palm Coast and Ponte Vedra Beach, Florida');
    expect(business.brandPageTowns).toEqual(['St Augustine', 'St Augustine Beach', 'Palm Coast', 'Ponte Vedra Beach']);
    for (const page of [subZeroPage, wolfPage]) expect(page.intro).toContain(brandPageArea);
  });

  it('joins names as a sentence does', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['A'])).toBe('A');
    expect(joinNames(['A', 'B'])).toBe('A and B');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
