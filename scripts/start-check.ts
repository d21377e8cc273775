/**
 * What a person sees after the README's first command: the URLs `pnpm start` prints, and the three apps, the slots API
 * and the demo customer's sign-in answering through the gateway. Used by `pnpm start`'s own test on the machine's Node
 * (tests/node20) and by the fresh-machine check in the Node base image (scripts/fresh-machine.ts).
 */
import { appNames, type AppName } from '@repo/contracts';

export type StartedUrls = Record<AppName, string>;

/** The apps' URLs once `pnpm start` has printed them, or undefined before. */
export function startedUrls(output: string): StartedUrls | undefined {
  const match = /Public site\s+(\S+)[\s\S]*Portal\s+(\S+)[\s\S]*Back office\s+(\S+)/.exec(output);
  return match ? { web: match[1]!, portal: match[2]!, backoffice: match[3]! } : undefined;
}

/**
 * Each app's page, tomorrow's available slots and the demo customer's sign-in, through the gateway; throws naming
 * the first that does not answer as it should.
 */
export async function checkStartedSystem(urls: StartedUrls): Promise<void> {
  for (const app of appNames) {
    const page = await fetch(urls[app]);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root"')) throw new Error(`${app} at ${urls[app]} answered ${page.status} without the app's page`);
  }
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  const slots = await fetch(new URL(`/api/appointments/available-slots?date=${tomorrow}`, urls.web));
  if (slots.status !== 200) throw new Error(`the available slots answered ${slots.status}: ${await slots.text()}`);
  const signIn = await fetch(new URL('/api/auth/login', urls.portal), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(urls.portal).origin },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-customer' }),
  });
  if (signIn.status !== 200) throw new Error(`the demo customer's sign-in answered ${signIn.status}: ${await signIn.text()}`);
}
