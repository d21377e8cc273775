export type MailMessage = { to: string; subject?: string; body?: string };

/** A mailto: address with the subject and body encoded the way mail clients read them (spaces as %20). */
export function mailtoHref({ to, subject, body }: MailMessage): string {
  const query = [
    subject === undefined ? undefined : `subject=${encodeURIComponent(subject)}`,
    body === undefined ? undefined : `body=${encodeURIComponent(body)}`,
  ].filter(Boolean);
  return `mailto:${to}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** Phones and tablets hand mail links to their own app; desktops may have no mail client at all. */
export function isMobileBrowser(nav: Pick<Navigator, 'userAgent'> = navigator): boolean {
  const data = (nav as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (data?.mobile) return true;
  return /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i.test(nav.userAgent);
}

export type BrowserEffects = {
  open: (url: string, target: string) => Window | null;
  copy: (text: string) => Promise<void>;
  alert: (message: string) => void;
  isMobile: () => boolean;
};

export const browserEffects = (): BrowserEffects => ({
  open: (url, target) => window.open(url, target),
  copy: (text) => navigator.clipboard.writeText(text),
  alert: (message) => window.alert(message),
  isMobile: () => isMobileBrowser(),
});

/**
 * The contact email button. On a phone the mail link opens in place; on a desktop it opens in a new window, and if no
 * window results the address is copied and the visitor is told so (or given the address when copying fails).
 */
export async function emailBusiness(address: string, effects: BrowserEffects = browserEffects()): Promise<void> {
  const href = mailtoHref({ to: address });
  if (effects.isMobile()) {
    effects.open(href, '_self');
    return;
  }
  if (effects.open(href, '_blank')) return;
  try {
    await effects.copy(address);
    effects.alert(`Email address copied to clipboard: ${address}`);
  } catch {
    effects.alert(`Please email us at ${address}`);
  }
}

/**
 * Apply Now and Send Resume: opens the prefilled mail. If that throws, the address is copied and the visitor is asked
 * to send a resume with the subject; if copying fails too, the alert gives the address and the subject.
 */
export async function sendApplication(message: Required<MailMessage>, effects: BrowserEffects = browserEffects()): Promise<void> {
  try {
    effects.open(mailtoHref(message), '_self');
    return;
  } catch {
    // No mail handler could be started; fall back to the clipboard.
  }
  try {
    await effects.copy(message.to);
    effects.alert(`Email address ${message.to} copied to clipboard. Please send your resume with the subject "${message.subject}".`);
  } catch {
    effects.alert(`Please send your resume to ${message.to} with the subject "${message.subject}".`);
  }
}
