import type { RunningSandboxes } from '@repo/field-service/sandbox';

/** The sandboxes' addresses without the business's credentials: a business that has connected none of them yet. */
export function sandboxUrlsEnv(sandboxes: RunningSandboxes): Record<string, string> {
  return Object.fromEntries(Object.entries(sandboxes.env).filter(([name]) => /_(API|AUTH)_URL$|^JOBBER_API_VERSION$|^FIELD_SERVICE_SANDBOX$/.test(name)));
}
