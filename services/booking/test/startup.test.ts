import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serviceDir = path.resolve(import.meta.dirname, '..');

describe('start-up', () => {
  it('stops with a message naming each missing or malformed variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serviceDir,
      env: { PATH: process.env.PATH, PORT: 'eighty', BOOKING_SLOT_CAPACITY: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('booking: invalid environment');
    expect(result.stderr).toContain('JWT_PUBLIC_KEY is required');
    expect(result.stderr).toContain('LINK_PRIVATE_KEY is required');
    expect(result.stderr).toMatch(/PORT /);
    expect(result.stderr).toMatch(/BOOKING_SLOT_CAPACITY /);
  });
});
