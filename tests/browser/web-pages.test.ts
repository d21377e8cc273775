import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { axeViolations, openPage, urls, viewports } from './web-support.ts';

const useChromium = useBrowser();

type JsonLd = Record<string, unknown>;

/** What a crawler that runs no JavaScript reads. */
async function prerendered(path: string) {
  const response = await fetch(`${urls.web}${path}`);
  const html = await response.text();
  const text = (pattern: RegExp) => html.match(pattern)?.[1]?.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').trim();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1] ?? '') as JsonLd);
  return {
    status: response.status,
    html,
    title: text(/<title>(.*?)<\/title>/s),
    h1: text(/<h1[^>]*>(.*?)<\/h1>/s),
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
    keywords: html.match(/<meta name="keywords" content="([^"]*)"/)?.[1],
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    image: html.match(/<meta property="og:image" content="([^"]*)"/)?.[1],
    jsonLd,
    types: jsonLd.map((data) => data['@type']),
  };
}

describe('prerendered HTML, read without JavaScript', () => {
  it.each([
    ['/', 'Appliance Repair St Augustine | St Augustine Appliance Repair', 'Appliance Repair in St Augustine, FL', ['LocalBusiness', 'FAQPage']],
    ['/careers', 'Careers - Appliance Technician Jobs | St Augustine Appliance Repair', 'Build Your Career With St Augustine Appliance Repair', ['JobPosting']],
    ['/sub-zero-repair', 'Sub-Zero Repair St Augustine | St Augustine Appliance Repair', 'Sub-Zero Repair in St Augustine', ['LocalBusiness', 'Service']],
    ['/wolf-repair', 'Wolf Appliance Repair St Augustine | St Augustine Appliance Repair', 'Wolf Appliance Repair in St Augustine', ['LocalBusiness', 'Service']],
    ['/font-examples', 'Font Examples | St Augustine Appliance Repair', 'Number Font Examples', []],
    ['/privacy', 'Privacy Policy | St Augustine Appliance Repair', 'Privacy Policy', []],
    ['/sms-terms', 'SMS Terms | St Augustine Appliance Repair', 'SMS Terms', []],
  ])('%s has its title, main heading, metadata and structured data', async (path, title, h1, types) => {
    const page = await prerendered(path);
    expect(page.status).toBe(200);
    expect(page.title).toBe(title);
    expect(page.h1).toBe(h1);
    expect(page.description?.length).toBeGreaterThan(50);
    expect(page.keywords?.length).toBeGreaterThan(10);
    expect(new URL(page.canonical ?? '').pathname).toBe(path);
    expect(new URL(page.image ?? '').pathname).toBe('/images/share.jpg');
    expect(page.types).toEqual(types);
    expect(page.html).toContain(`data-prerendered-path="${path}"`);
  });

  it('serves /payment-success with its main heading while the payment is checked', async () => {
    const page = await prerendered('/payment-success');
    expect(page.status).toBe(200);
    expect(page.h1).toBe('Payment Status');
  });

  it('describes the business: hours, price range, payments and every town', async () => {
    const { jsonLd } = await prerendered('/');
    const business = jsonLd.find((data) => data['@type'] === 'LocalBusiness') as JsonLd;
    expect(business.priceRange).toBe('$$');
    expect(business.paymentAccepted).toBe('Cash, Credit Card, Check');
    expect(business.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '07:00', closes: '20:00', dayOfWeek: expect.arrayContaining(['Monday', 'Sunday']) }),
    ]);
    const towns = (business.areaServed as { name: string }[]).map((town) => town.name);
    expect(towns).toEqual(expect.arrayContaining(['St Augustine', 'Ormond Beach', 'Beverly Beach', 'Marineland']));
    const faq = jsonLd.find((data) => data['@type'] === 'FAQPage') as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(15);
    const { html } = await prerendered('/');
    expect(html).toContain('Why is my refrigerator not cooling but the freezer still works?');
    expect(html).toContain('Premium &amp; Major Appliance Brands');
  });

  it('advertises the technician job at $45,000-$65,000 a year', async () => {
    const { jsonLd, html } = await prerendered('/careers');
    expect(jsonLd[0]).toMatchObject({
      '@type': 'JobPosting',
      baseSalary: { currency: 'USD', value: { minValue: 45_000, maxValue: 65_000, unitText: 'YEAR' } },
    });
    expect(html).toContain('Senior Appliance Technician');
  });

  it('serves sitemap.xml and robots.txt', async () => {
    const sitemap = await (await fetch(`${urls.web}/sitemap.xml`)).text();
    for (const path of ['/careers', '/sub-zero-repair', '/wolf-repair', '/privacy', '/sms-terms']) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
    expect(sitemap).not.toContain('/font-examples');
    const robots = await (await fetch(`${urls.web}/robots.txt`)).text();
    expect(robots).toMatch(/^User-agent: \*/);
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/);
  });
});

describe('privacy policy and SMS terms', () => {
  it('are linked from the footer and open from it, each page linking the other', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/', viewports.mobile);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'How long we keep it' }).isVisible()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'SMS terms' }).click();
    await page.waitForURL((url) => url.pathname === '/sms-terms');
    await page.getByRole('heading', { level: 1, name: 'SMS Terms' }).waitFor();
    expect(await page.getByText('Message and data rates may apply', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('brand pages, font examples and 404', () => {
  it.each([
    ['/sub-zero-repair', 'Sub-Zero'],
    ['/wolf-repair', 'Wolf'],
  ])('%s has a hero, three benefits, nine services and call and schedule buttons', async (path, brand) => {
    const { page, context, errors } = await openPage(useChromium(), path, viewports.mobile);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(brand);
    expect(await page.locator('.reason-card').count()).toBe(3);
    expect(await page.locator('.check-list--columns li').count()).toBe(9);
    const main = page.getByRole('main');
    const schedule = main.getByRole('link', { name: 'Schedule Service' });
    expect(await schedule.count()).toBe(2);
    for (const href of await schedule.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).toBe('/book-appointment');
    expect(await main.getByRole('link', { name: 'Call (904) 802-1998' }).first().getAttribute('href')).toBe('tel:+19048021998');
    await schedule.first().click();
    await page.waitForURL((url) => url.pathname === '/book-appointment');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the number font samples', async () => {
    const { page, context } = await openPage(useChromium(), '/font-examples');
    for (const figure of ['90', '40+', '99.2%', '56,000+']) expect(await page.getByText(figure, { exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('answers an unknown path with status 404 and a card titled Page Not Found, without other errors', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/no-such-page/deeper');
    const answer = await page.request.get(page.url());
    expect(answer.status()).toBe(404);
    // The prerendered Page Not Found page: no canonical address or structured data of another page.
    const html = await answer.text();
    expect(html).toContain('<title>Page Not Found | ');
    expect(html).not.toMatch(/rel="canonical"|application\/ld\+json/);
    // The browser reports the page's own 404 on the console; nothing else may fail.
    const documentNotFound = errors.findIndex((error) => /status of 404 \(Not Found\)/.test(error));
    expect(documentNotFound).toBeGreaterThanOrEqual(0);
    errors.splice(documentNotFound, 1);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(await page.getByRole('region', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toMatch(/^Page Not Found \| /);
    await page.getByRole('link', { name: 'Return to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Appliance Repair in St Augustine, FL' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('accessibility', () => {
  it.each(['/', '/careers', '/sub-zero-repair', '/wolf-repair', '/font-examples', '/privacy', '/sms-terms', '/no-such-page', '/payment', '/book-appointment'])(
    'axe-core finds no violations on %s',
    async (path) => {
      for (const viewport of [viewports.desktop, viewports.mobile]) {
        const { page, context } = await openPage(useChromium(), path, viewport);
        if (path === '/no-such-page') await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
        expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
        await context.close();
      }
    },
  );

  it('axe-core finds no violations with the mobile menu open, FAQ answers open and the video modal open', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.mobile);
    await page.getByRole('button', { name: 'Why does my dryer run but not heat?' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('banner').locator('summary', { hasText: 'Open menu' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
    const careers = await openPage(useChromium(), '/careers');
    // The modal's Video Unavailable state, as for a video the server does not have.
    await careers.page.route('**/videos/team-jenna.webm', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }));
    await careers.page.getByRole('button', { name: /^Play video: Jenna Brooks/ }).click();
    await careers.page.getByRole('heading', { name: 'Video Unavailable' }).waitFor({ timeout: 10_000 });
    expect(await axeViolations(careers.page)).toEqual([]);
    await careers.context.close();
  });
});
