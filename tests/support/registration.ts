import { linkIn, waitForEmail } from './mail.ts';

/** The subject of the email that carries a registration's confirmation link. */
export const confirmationSubject = /^Confirm your email to finish creating/;

/** The confirmation link emailed to `email` (the newest), as the customer finds it in the stack's mail catcher. */
export async function confirmationLink(email: string): Promise<string> {
  return linkIn(await waitForEmail(email, confirmationSubject), /\/confirm-email#token=/);
}

/** The token of the newest confirmation link emailed to `email`: what the confirmation page posts. */
export async function confirmationToken(email: string): Promise<string> {
  const token = new URLSearchParams(new URL(await confirmationLink(email)).hash.slice(1)).get('token');
  if (!token) throw new Error(`the confirmation link to ${email} carries no token`);
  return token;
}
