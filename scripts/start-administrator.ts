import { EnvError, loadEnv } from '@repo/service-kit';
import { administratorEnvSchema } from '@repo/accounts/env';

export type StartAdministrator = {
  email: string;
  password: string;
  /** True when ADMIN_EMAIL and ADMIN_PASSWORD came from the environment: the password is then never printed. */
  fromEnvironment: boolean;
};

export const demoAdministratorEmail = 'admin@example.com';

/**
 * The administrator `pnpm start` creates: ADMIN_EMAIL and ADMIN_PASSWORD when they are set, otherwise the demo
 * administrator with this machine's generated password. Throws an EnvError naming each bad variable, by accounts' own
 * rules, so `pnpm start` refuses exactly what accounts would refuse, before building.
 */
export function startAdministrator(source: NodeJS.ProcessEnv, demoPassword: string): StartAdministrator {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = loadEnv('pnpm start', administratorEnvSchema, source);
  if (ADMIN_EMAIL && ADMIN_PASSWORD) return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, fromEnvironment: true };
  if (ADMIN_EMAIL) throw new EnvError('pnpm start', ['ADMIN_PASSWORD is required with ADMIN_EMAIL (at least 12 characters)']);
  if (ADMIN_PASSWORD) throw new EnvError('pnpm start', ['ADMIN_EMAIL is required with ADMIN_PASSWORD']);
  return { email: demoAdministratorEmail, password: demoPassword, fromEnvironment: false };
}
