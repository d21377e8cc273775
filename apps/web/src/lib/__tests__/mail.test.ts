import { describe, expect, it, vi } from 'vitest';
import { emailBusiness, isMobileBrowser, mailtoHref, sendApplication, type BrowserEffects } from '../mail.ts';

function effects(overrides: Partial<BrowserEffects> = {}): BrowserEffects {
  return {
    open: vi.fn(() => ({}) as Window),
    copy: vi.fn(() => Promise.resolve()),
    alert: vi.fn(),
    isMobile: () => false,
    ...overrides,
  };
}

describe('mailtoHref', () => {
  it('encodes the subject and body with %20 for spaces and %0A for line breaks', () => {
    expect(mailtoHref({ to: 'a@example.com', subject: 'Hello there', body: 'Line 1\nLine & 2' })).toBe(
      'mailto:a@example.com?subject=Hello%20there&body=Line%201%0ALine%20%26%202',
    );
    expect(mailtoHref({ to: 'a@example.com' })).toBe('mailto:a@example.com');
  });
});

describe('isMobileBrowser', () => {
  it('recognises phones and tablets by their user agent', () => {
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' })).toBe(true);
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })).toBe(true);
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0' })).toBe(false);
  });
});

describe('emailBusiness', () => {
  it('opens the mail link in place on a phone', async () => {
    const browser = effects({ isMobile: () => true });
    await emailBusiness('service@example.com', browser);
    expect(browser.open).toHaveBeenCalledWith('mailto:service@example.com', '_self');
    expect(browser.copy).not.toHaveBeenCalled();
  });

  it('opens a new window on a desktop and stops there when one opened', async () => {
    const browser = effects();
    await emailBusiness('service@example.com', browser);
    expect(browser.open).toHaveBeenCalledWith('mailto:service@example.com', '_blank');
    expect(browser.alert).not.toHaveBeenCalled();
  });

  it('copies the address and says so when no window results', async () => {
    const browser = effects({ open: vi.fn(() => null) });
    await emailBusiness('service@example.com', browser);
    expect(browser.copy).toHaveBeenCalledWith('service@example.com');
    expect(browser.alert).toHaveBeenCalledWith('Email address copied to clipboard: service@example.com');
  });

  it('gives the address when copying fails too', async () => {
    const browser = effects({ open: vi.fn(() => null), copy: vi.fn(() => Promise.reject(new Error('denied'))) });
    await emailBusiness('service@example.com', browser);
    expect(browser.alert).toHaveBeenCalledWith('Please email us at service@example.com');
  });
});

describe('sendApplication', () => {
  const message = { to: 'careers@example.com', subject: 'Application for Senior Appliance Technician Position', body: 'Hello' };

  it('opens the prefilled mail', async () => {
    const browser = effects();
    await sendApplication(message, browser);
    expect(browser.open).toHaveBeenCalledWith(mailtoHref(message), '_self');
    expect(browser.alert).not.toHaveBeenCalled();
  });

  it('copies the address and asks for a resume with the subject when opening throws', async () => {
    const browser = effects({
      open: vi.fn(() => {
        throw new Error('no handler');
      }),
    });
    await sendApplication(message, browser);
    expect(browser.copy).toHaveBeenCalledWith('careers@example.com');
    expect(browser.alert).toHaveBeenCalledWith(
      'Email address careers@example.com copied to clipboard. Please send your resume with the subject "Application for Senior Appliance Technician Position".',
    );
  });

  it('gives the address and the subject when copying fails too', async () => {
    const browser = effects({
      open: vi.fn(() => {
        throw new Error('no handler');
      }),
      copy: vi.fn(() => Promise.reject(new Error('denied'))),
    });
    await sendApplication(message, browser);
    expect(browser.alert).toHaveBeenCalledWith(
      'Please send your resume to careers@example.com with the subject "Application for Senior Appliance Technician Position".',
    );
  });
});
