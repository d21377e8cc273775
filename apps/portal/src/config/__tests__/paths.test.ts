import { describe, expect, it } from 'vitest';
import { appointmentPagePath } from '@repo/contracts';
import { paths } from '../paths.ts';

describe('portal paths', () => {
  it('builds appointment addresses as the contracts do, and the router pattern matches them', () => {
    for (const id of [1, 12, 987654]) expect(paths.appointment(id)).toBe(appointmentPagePath(id));
    expect(paths.appointmentRoute.replace(':id', '12')).toBe(appointmentPagePath(12));
  });
});
