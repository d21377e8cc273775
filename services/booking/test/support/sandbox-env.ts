import type { RunningSandboxes } from '@repo/field-service/sandbox';

/**
 * What booking takes from the sandboxes' environment: where each system is, and that they are sandboxes. Booking is
 * given no server credentials: a customer types their own.
 */
export function sandboxUrlsEnv(sandboxes: RunningSandboxes): Record<string, string> {
  return Object.fromEntries(Object.entries(sandboxes.env).filter(([name]) => /_(API|AUTH)_URL$|^JOBBER_API_VERSION$|^FIELD_SERVICE_SANDBOX$/.test(name)));
}
