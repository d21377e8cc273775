import { inject, vi } from 'vitest';

/** An email as the stack's mail catcher (maildev 3's REST API, `GET /api/email`) shows it. */
export type CaughtEmail = {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  text: string;
  html: string;
  headers: Record<string, string | string[]>;
  attachments: { filename: string; contentType: string }[];
};

/** Every email the mail catcher holds for `address`, oldest first. */
export async function emailsTo(address: string): Promise<CaughtEmail[]> {
  const answer = await fetch(new URL('/api/email', inject('mailWeb')));
  if (!answer.ok) throw new Error(`the mail catcher answered ${answer.status}`);
  const emails = (await answer.json()) as CaughtEmail[];
  return emails.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/**
 * Waits, as a person checking their inbox would, for an email to `address` whose subject matches `subject`, and returns
 * it (the newest such one).
 */
export async function waitForEmail(address: string, subject: RegExp, timeoutMs = 30_000): Promise<CaughtEmail> {
  return vi.waitFor(
    async () => {
      const received = await emailsTo(address);
      const found = received.filter((email) => subject.test(email.subject)).at(-1);
      if (!found) throw new Error(`no email to ${address} with a subject like ${subject} yet; it has ${JSON.stringify(received.map((email) => email.subject))}`);
      return found;
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

/** The first link in the email's plain text whose URL matches `pattern`. */
export function linkIn(email: CaughtEmail, pattern: RegExp): string {
  const link = email.text.match(/https?:\/\/[^\s)>\]]+/g)?.find((url) => pattern.test(url));
  if (!link) throw new Error(`no link like ${pattern} in "${email.subject}":\n${email.text}`);
  return link;
}

/**
 * A header of the email as it was sent, by name, whatever its letter case (unfolded); undefined when it has none. Read
 * from the email's source (`GET /api/email/:id/source`): the catcher's summary keeps only a few headers.
 */
export async function headerOf(email: CaughtEmail, name: string): Promise<string | undefined> {
  const answer = await fetch(new URL(`/api/email/${encodeURIComponent(email.id)}/source`, inject('mailWeb')));
  if (!answer.ok) throw new Error(`the mail catcher answered ${answer.status} for the source of "${email.subject}"`);
  const head = (await answer.text()).split(/\r?\n\r?\n/, 1)[0] ?? '';
  const lines = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const line = lines.find((header) => header.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
