import { EnvError } from '@repo/service-kit';
import { describe, expect, it } from 'vitest';
import { startAdministrator } from './start-administrator.ts';

const demoPassword = 'generated-on-this-machine';

function problemsOf(source: NodeJS.ProcessEnv): string[] {
  try {
    startAdministrator(source, demoPassword);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  throw new Error('expected an EnvError');
}

describe('the administrator pnpm start creates', () => {
  it('is the demo administrator with the generated password when neither variable is set', () => {
    expect(startAdministrator({}, demoPassword)).toEqual({ email: 'admin@example.com', password: demoPassword, fromEnvironment: false });
    expect(startAdministrator({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, demoPassword)).toMatchObject({ email: 'admin@example.com' });
  });

  it('is the one ADMIN_EMAIL and ADMIN_PASSWORD name when both are set', () => {
    expect(startAdministrator({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long enough secret' }, demoPassword))
      .toEqual({ email: 'owner@example.com', password: 'a long enough secret', fromEnvironment: true });
  });

  it('refuses values accounts would refuse, naming each variable', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_EMAIL must be an email address',
      'ADMIN_PASSWORD must be at least 12 characters',
    ]);
  });

  it('refuses one variable without the other', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'owner@example.com' })).toEqual(['ADMIN_PASSWORD is required with ADMIN_EMAIL (at least 12 characters)']);
    expect(problemsOf({ ADMIN_PASSWORD: 'a long enough secret' })).toEqual(['ADMIN_EMAIL is required with ADMIN_PASSWORD']);
  });

  it('says what is wrong in the message pnpm start prints', () => {
    expect(() => startAdministrator({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' }, demoPassword))
      .toThrow('pnpm start: invalid environment:\n  - ADMIN_PASSWORD must be at least 12 characters');
  });
});
