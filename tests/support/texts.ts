import { expect, inject } from 'vitest';

const smsWeb = inject('smsWeb');

/**
 * The code in the newest text to `phone` (as typed: any format of a ten-digit US number), read from the stack's
 * Twilio stand-in page as a person reads their phone; waits until such a text has arrived.
 */
export async function textedCode(phone: string): Promise<string> {
  const to = `+1${phone.replace(/\D/g, '').slice(-10)}`;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const page = await (await fetch(smsWeb)).text();
        // Newest first: one item per text, its recipient in <strong>, its body in <pre>.
        const texts = [...page.matchAll(/<li><p><strong>To ([^<]+)<\/strong>.*?<pre>([\s\S]*?)<\/pre><\/li>/g)];
        code = texts.filter(([, recipient]) => recipient === to).map(([, , body]) => /your code is (\d{6})\./.exec(body!)?.[1]).find(Boolean);
        return code;
      },
      { timeout: 30_000, message: `a code texted to ${to}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
