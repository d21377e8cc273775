/**
 * "j•••@example.com": the local part's first character, three bullets whatever its length, and the whole domain. Enough
 * for the owner to recognise, not enough to learn the address from a forwarded email or link. An address without a
 * local part or an @ is all bullets.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  // The first character, not the first UTF-16 unit: an address may begin with a letter outside the BMP.
  const [first] = Array.from(email.slice(0, at));
  return `${first}•••${email.slice(at)}`;
}
