import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataRetention } from '@repo/contracts';
import { expectDocumentTitle, expectPageHeading } from '@repo/ui/testing/queries';
import { business } from '../../config/business.ts';
import { env } from '../../config/env.ts';
import { App } from '../index.tsx';

function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

const headMeta = (selector: string, attribute: string) => document.head.querySelector(selector)?.getAttribute(attribute);
const main = () => within(screen.getByRole('main'));
const sectionHeadings = () => main().getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const hrefOf = (name: string | RegExp) => main().getByRole('link', { name }).getAttribute('href');

describe('privacy policy and SMS terms', () => {
  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/sms-terms', 'SMS Terms'],
  ])('%s has its heading, title, description and canonical address', async (path, heading) => {
    renderAppAt(path);
    await expectPageHeading(heading);
    await expectDocumentTitle(`${heading} | ${business.name}`);
    await waitFor(() => expect(headMeta('link[rel="canonical"]', 'href')).toBe(`${env.webOrigin}${path}`));
    expect(headMeta('meta[name="description"]', 'content')).toMatch(new RegExp(`^(What|The text messages) ${business.name}`));
    expect(main().getByText(/^Last updated \w+ \d{1,2}, \d{4}$/)).toBeDefined();
  });

  it('says what is collected, why, for how long, who sees it and how to see or delete it', async () => {
    renderAppAt('/privacy');
    await expectPageHeading('Privacy Policy');
    expect(sectionHeadings()).toEqual([
      'What we collect',
      'Why we collect it',
      'How long we keep it',
      'Who we share it with',
      'Seeing, correcting or deleting your data',
      'Children',
      'Changes and questions',
    ]);
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('Your card number is entered into and held by Stripe, our card processor: it never reaches our systems.');
    expect(text).toContain('Where our technician is while driving to your visit');
    expect(text).toContain(`The text of the emails and text messages we send you: ${dataRetention.messageBodiesDays} days.`);
    expect(text).toContain(`A technician’s positions on the way to your visit: ${dataRetention.technicianPositionsDays} days after the visit.`);
    expect(text).toContain('Nobody, for marketing. We never sell, rent or trade your information.');
    expect(text).toContain('Your mobile number and your agreement to texts are never shared with anyone.');
    expect(hrefOf('customer portal')).toBe('http://localhost:8081/login');
    expect(main().getAllByRole('link', { name: business.phoneDisplay }).map((link) => link.getAttribute('href'))).toEqual([
      `tel:${business.phoneTel}`,
      `tel:${business.phoneTel}`,
    ]);
    expect(main().getAllByRole('link', { name: business.email })[0]!.getAttribute('href')).toBe(`mailto:${business.email}`);
    expect(hrefOf('SMS terms')).toBe('/sms-terms');
  });

  it('says what texts are sent and how often, STOP and HELP, that rates may apply and that consent is no condition of purchase', async () => {
    renderAppAt('/sms-terms');
    await expectPageHeading('SMS Terms');
    expect(sectionHeadings()).toEqual(['What we send', 'How often', 'Stopping texts', 'Help', 'Costs', 'Your choice', 'Your privacy', 'Contact']);
    const text = screen.getByRole('main').textContent ?? '';
    for (const kind of ['A confirmation when you book', 'Reminders', '“On my way” and arrival texts', 'A receipt when you pay']) expect(text).toContain(kind);
    expect(text).toContain('Message frequency varies: a handful of texts per appointment');
    expect(text).toContain('Reply STOP to any of our texts and we stop texting you.');
    expect(text).toContain('Reply HELP to any of our texts for help');
    expect(text).toContain('Message and data rates may apply');
    expect(text).toContain('Agreeing to texts is not a condition of any purchase');
    expect(hrefOf('Privacy Policy')).toBe('/privacy');
    expect(main().getAllByRole('link', { name: business.phoneDisplay })[0]!.getAttribute('href')).toBe(`tel:${business.phoneTel}`);
  });

  it.each(['/', '/book-appointment', '/privacy', '/no-such-page'])('the footer of %s links to both', async (path) => {
    renderAppAt(path);
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(footer.getByRole('link', { name: 'SMS Terms' }).getAttribute('href')).toBe('/sms-terms');
  });
});
