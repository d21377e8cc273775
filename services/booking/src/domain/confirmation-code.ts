import { randomInt } from 'node:crypto';

// No 0/O or 1/I, so a code read out over the phone is not misheard.
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function confirmationCode(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return `SA-${code}`;
}
