import type { AddressInfo } from 'node:net';
import { fieldServiceSettingsPath, serviceNames, type ConfigurableSystem } from '@repo/contracts';
import { createTestService, type TestService } from '@repo/service-kit/test-service';
// A real accounts service: it keeps the field-service connections and makes the calls booking asks it for.
import type { AccountsDatabase } from '@repo/accounts/db/schema';
import { accountsService } from '@repo/accounts/definition';

/** The first administrator of the accounts services started here, who saves the back office's connection settings. */
const administrator = { email: 'owner@example.com', password: 'a-long-admin-password' };

export type AccountsForBooking = {
  service: TestService<AccountsDatabase>;
  url: string;
  /** PEER_URLS for a booking service asking this accounts (every other peer unreachable, as test services have them). */
  peerUrls: string;
  /** Saves a system's connection through the back office's form (PUT /api/admin/field-service-settings/<system>), as an administrator does. */
  saveSettings: (system: ConfigurableSystem, settings: Record<string, string | number>) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Accounts on its own test database with `env` (its environment's field-service settings), listening on a free port
 * of 127.0.0.1 so a booking service reaches it over HTTP, trusting booking's test service key like the other test
 * services do.
 */
export async function startAccountsForBooking(env: Record<string, string>): Promise<AccountsForBooking> {
  const service = await createTestService(accountsService, { ADMIN_EMAIL: administrator.email, ADMIN_PASSWORD: administrator.password, ...env });
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  let authorization: string | undefined;
  return {
    service,
    url,
    peerUrls: serviceNames.map((name) => `${name}=${name === 'accounts' ? url : 'http://127.0.0.1:9'}`).join(','),
    async saveSettings(system, settings) {
      if (!authorization) {
        const login = await service.app.inject({ method: 'POST', url: '/api/admin/login', payload: administrator });
        if (login.statusCode !== 200) throw new Error(`the administrator's sign-in answered ${login.statusCode}: ${login.body}`);
        authorization = `Bearer ${login.json().token as string}`;
      }
      const saved = await service.app.inject({ method: 'PUT', url: fieldServiceSettingsPath(system), headers: { authorization }, payload: settings });
      if (saved.statusCode !== 200) throw new Error(`saving the ${system} settings answered ${saved.statusCode}: ${saved.body}`);
    },
    close: () => service.close(),
  };
}
