import { describe, expect, it } from 'vitest';
import type { Technician } from '@repo/contracts';
import { technicianMatches } from '../technician-search.ts';

const sara: Technician = {
  id: 'tech_sara',
  name: 'Sara Martinez',
  phone: '(904) 555-0142',
  avatar: null,
  vehicleInfo: 'White Ford Transit, unit 4',
  specialties: ['Sub-Zero', 'Refrigerators'],
  rating: 4.9,
  completedJobs: 120,
  status: 'available',
  currentLocation: null,
  active: true,
};

describe('the technician search', () => {
  it('finds any part of the name, vehicle, a specialty or the sign-in email, whatever the letter case', () => {
    for (const query of ['sara', 'MARTINEZ', 'tin', 'transit', 'sub-zero', 'refrig', 'sara.m@']) {
      expect(technicianMatches(sara, query, 'sara.m@example.com'), query).toBe(true);
    }
    expect(technicianMatches(sara, 'wolf', 'sara.m@example.com')).toBe(false);
  });

  it('finds the phone by its digits in any format, from two digits on', () => {
    for (const query of ['555-01', '5550142', '(904) 555', '904.555.0142']) expect(technicianMatches(sara, query), query).toBe(true);
    expect(technicianMatches(sara, '555-99')).toBe(false);
    // One digit is too few to search phones by; a word with a digit in it is not a phone search.
    expect(technicianMatches(sara, '1')).toBe(false);
    expect(technicianMatches(sara, 'unit 4')).toBe(true);
    expect(technicianMatches(sara, 'van 0142')).toBe(false);
  });

  it('shows everyone for an empty or blank search', () => {
    expect(technicianMatches(sara, '')).toBe(true);
    expect(technicianMatches(sara, '   ')).toBe(true);
  });
});
