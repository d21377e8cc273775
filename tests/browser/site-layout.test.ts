import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { business, businessContact, sessionCookieName } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { newCustomer, sessionCookie, signedInContext } from './portal-support.ts';
import { axeViolations, expectSectionBelowHeader, openPage, urls, waitForHydration } from './web-support.ts';

const useChromium = useBrowser();

const widths = [390, 820, 1024, 1280, 1440] as const;
const size = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** Every visible form control of the page, scrolled to the middle and then to the bottom edge of the viewport, is the top element at its own centre. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const controls = Array.from(document.querySelectorAll<HTMLElement>('main :is(input:not([type=hidden]), select, textarea, button, [role=combobox], [role=radio])')).filter(
      (element) => element.checkVisibility({ visibilityProperty: true }) && element.getBoundingClientRect().width > 0,
    );
    const covered: string[] = [];
    for (const element of controls) {
      for (const block of ['center', 'end'] as const) {
        element.scrollIntoView({ block, behavior: 'instant' });
        await frame();
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, Math.min(box.top + box.height / 2, window.innerHeight - 1));
        if (!top || !(element === top || element.contains(top) || top.contains(element) && top.tagName === 'LABEL')) {
          covered.push(`${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)} (${block}) under ${top?.className}`);
        }
      }
    }
    return covered.length ? covered : controls.length ? [] : ['no controls found'];
  });
}

describe('floating contact', () => {
  for (const width of [390, 820, 1440]) {
    it(`covers no form control of /book-appointment or /payment at ${width} px, where it is docked in the flow`, async () => {
      for (const path of ['/book-appointment', '/payment']) {
        const { page, context } = await openPage(useChromium(), path, size(width));
        await page.locator('main :is(input, button)').first().waitFor();
        await waitForHydration(page);
        // Once the page has settled (the calendar's slots load after hydration and move the controls below it).
        await expect.poll(() => coveredControls(page), { message: path, timeout: 20_000 }).toEqual([]);
        const floating = page.locator('.floating-contact');
        if ((await floating.count()) > 0) expect(await floating.evaluate((element) => getComputedStyle(element).position)).toBe('static');
        await context.close();
      }
    });
  }

  it('on the home page at 390 px: two round buttons with their names, never over the contact form', async () => {
    const { page, context } = await openPage(useChromium(), '/', size(390));
    const quick = page.getByRole('complementary', { name: 'Quick contact' });
    const emergency = quick.getByRole('link', { name: /^24\/7 Emergency ?: call/ });
    expect(await emergency.getAttribute('href')).toBe(`tel:${business.phoneTel}`);
    expect((await emergency.boundingBox())?.width).toBeLessThanOrEqual(56);
    const book = quick.getByRole('link', { name: 'Book' });
    expect((await book.boundingBox())?.width).toBeLessThanOrEqual(56);
    // Scrolled so the bottom of the request form's box is at the bottom of the screen: nothing floats over its corner.
    const overForm = await page.evaluate(() => {
      const box = document.querySelector('.work-order__box') as HTMLElement;
      box.scrollIntoView({ block: 'end', behavior: 'instant' });
      const rect = box.getBoundingClientRect();
      const top = document.elementFromPoint(rect.right - 40, rect.bottom - 40);
      return box.contains(top) || top === box;
    });
    expect(overForm).toBe(true);
    await context.close();
  });
});

/** Tabs from the top of the page through the header, opening the menu when Tab reaches its toggle; answers the addresses reached. */
async function headerLinksByKeyboard(page: Page): Promise<string[]> {
  const reached: string[] = [];
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const inHeader = Boolean(element?.closest('header'));
      const visible = Boolean(element?.checkVisibility());
      return { inHeader, visible, tag: element?.tagName, href: element?.getAttribute('href'), open: Boolean(element?.closest('details')?.open) };
    });
    if (!focus.inHeader) {
      if (reached.length > 0) break;
      continue;
    }
    expect(focus.visible).toBe(true);
    if (focus.tag === 'SUMMARY' && !focus.open) await page.keyboard.press('Enter');
    if (focus.href) reached.push(focus.href);
  }
  return reached;
}

describe('header reaches every item at every width, by keyboard', () => {
  for (const width of widths) {
    it(`at ${width} px`, async () => {
      const { page, context, errors } = await openPage(useChromium(), '/careers', size(width));
      const reached = await headerLinksByKeyboard(page);
      const portal = (path: string) => expect.stringMatching(new RegExp(`^https?://[^/]+${path}$`));
      expect(reached).toEqual(
        expect.arrayContaining([
          '/',
          '/#services',
          '/#brands',
          '/#reviews',
          '/careers',
          '/#contact',
          `tel:${business.phoneTel}`,
          '/book-appointment',
          '/payment',
          portal('/technician-tracking'),
          portal('/customer-portal'),
        ]),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

const homeSections = ['services', 'brands', 'why-us', 'service-areas', 'faq', 'reviews', 'contact'] as const;

/** The section's top is just below the sticky header, as following its link leaves it. */
async function sectionInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((sectionId) => {
    const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1;
    return top >= headerBottom - 1 && top <= headerBottom + 60;
  }, id);
}

describe('section addresses', () => {
  it('/#<section> opens the home page at that section from any page, with JavaScript disabled', { timeout: 120_000 }, async () => {
    const context = await useChromium().newContext({ viewport: size(1440), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const id of homeSections) {
      await page.goto(`${urls.web}/sub-zero-repair`);
      await page.goto(`${urls.web}/#${id}`);
      await expect.poll(() => sectionInView(page, id), { timeout: 10_000 }).toBe(true);
    }
    // The header's Reviews is a real link to /#reviews.
    await page.goto(`${urls.web}/careers`);
    const reviews = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' });
    expect(await reviews.getAttribute('href')).toBe('/#reviews');
    await reviews.click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/#reviews');
    await expect.poll(() => sectionInView(page, 'reviews'), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('/#reviews opens at the reviews with JavaScript too, and the header link scrolls there from another page', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/#reviews', size(1440));
    await expect.poll(() => sectionInView(page, 'reviews'), { timeout: 10_000 }).toBe(true);
    await page.goto(`${urls.web}/careers`);
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSectionBelowHeader(page, 'reviews');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('brands', () => {
  it('at 390 px show logo and name, with details on demand; the full text is in the page', async () => {
    const { page, context } = await openPage(useChromium(), '/', size(390));
    const section = page.locator('#brands');
    const cards = section.locator('.brand-card');
    expect(await cards.count()).toBe(16);
    expect((await section.boundingBox())?.height).toBeLessThan(2 * 1000);
    const subZero = cards.filter({ hasText: 'Sub-Zero' }).first();
    const description = subZero.getByText('Sealed-system, compressor and control repairs');
    expect(await description.isVisible()).toBe(false);
    expect(await description.count()).toBe(1);
    const toggle = subZero.locator('summary');
    expect(await toggle.innerText()).toMatch(/^Details/);
    expect(await toggle.evaluate((element) => element.textContent)).toBe('Details about Sub-Zero repair');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await description.waitFor();
    expect(await subZero.getByText('Genuine Sub-Zero parts').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('from 820 px every card reads in full with no disclosure to open', async () => {
    for (const width of [820, 1440]) {
      const { page, context } = await openPage(useChromium(), '/', size(width));
      const cards = page.locator('#brands .brand-card');
      expect(await cards.locator('summary').first().isVisible()).toBe(false);
      await cards.last().scrollIntoViewIfNeeded();
      expect(await cards.last().locator('.brand-card__warranty').isVisible()).toBe(true);
      expect(await page.getByText('Sealed-system, compressor and control repairs').isVisible()).toBe(true);
      await context.close();
    }
  });
});

const providerPage = /servicefusion\.com/;

describe('work-order request form', () => {
  it('offers the site booking and phone beside the form, which loads near the screen', async () => {
    const context = await useChromium().newContext({ viewport: size(1440) });
    await context.route(providerPage, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Request</title><p>Request form</p>' }));
    const page = await context.newPage();
    await page.goto(`${urls.web}/#contact`);
    await waitForHydration(page);
    const form = page.locator('.work-order');
    expect(await form.getByRole('link', { name: 'Book Online' }).getAttribute('href')).toBe('/book-appointment');
    expect(await form.getByRole('link', { name: `Call ${business.phoneDisplay}` }).getAttribute('href')).toBe(`tel:${business.phoneTel}`);
    await expect.poll(() => page.frameLocator('iframe[title="Service request form"]').getByText('Request form').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await form.getByText('Loading the request form…').count()).toBe(0);
    expect(await page.locator('iframe[title="Service request form"]').getAttribute('height')).toBe('740');
    await context.close();
  });

  it('says the form is unavailable and puts booking and phone forward when the provider does not answer', async () => {
    const context = await useChromium().newContext({ viewport: size(390), bypassCSP: true });
    const held: { release?: () => void } = {};
    await context.route(providerPage, (route) => {
      held.release = () => void route.abort().catch(() => undefined);
    });
    const page = await context.newPage();
    await page.goto(`${urls.web}/#contact`);
    await waitForHydration(page);
    const form = page.locator('.work-order');
    await form.scrollIntoViewIfNeeded();
    await form.getByText('Loading the request form…').waitFor();
    await form.getByText('The online request form is not available right now.').waitFor({ timeout: 20_000 });
    expect(await page.locator('iframe[title="Service request form"]').count()).toBe(0);
    expect(await form.locator('.work-order__fallback--prominent').getByRole('link', { name: 'Book Online' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    held.release?.();
    await context.close();
  });

  it('without JavaScript: the booking, the phone and a link to the provider form, never an empty box', async () => {
    const context = await useChromium().newContext({ viewport: size(390), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${urls.web}/`);
    const form = page.locator('.work-order');
    expect(await form.getByRole('link', { name: 'Book Online' }).getAttribute('href')).toBe('/book-appointment');
    expect(await form.getByRole('link', { name: `Call ${business.phoneDisplay}` }).getAttribute('href')).toBe(`tel:${business.phoneTel}`);
    expect(await form.getByRole('link', { name: /Open the service request form/ }).getAttribute('href')).toMatch(providerPage);
    expect((await form.locator('.work-order__box').boundingBox())?.height).toBeLessThan(300);
    await context.close();
  });
});

type Box = { left: number; right: number; top: number; width: number };
const centre = (box: Box) => box.left + box.width / 2;

describe('alignment', () => {
  it('centres the thank-you strip and the footer bar at 1440 px', async () => {
    const { page, context } = await openPage(useChromium(), '/', size(1440));
    const boxes = await page.evaluate(() => {
      // The visible text: the words of its text nodes, leaving out text for screen readers only.
      const textBox = (element: Element | null) => {
        const walker = document.createTreeWalker(element as Element, NodeFilter.SHOW_TEXT);
        const rects: DOMRect[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest('.visually-hidden') || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...Array.from(range.getClientRects()));
        }
        const left = Math.min(...rects.map((rect) => rect.left));
        const right = Math.max(...rects.map((rect) => rect.right));
        return { left, right, top: Math.min(...rects.map((rect) => rect.top)), width: right - left } as Box;
      };
      return { strip: textBox(document.querySelector('.thank-you-strip p')), legal: textBox(document.querySelector('.site-footer__legal')) };
    });
    expect(Math.abs(centre(boxes.strip) - 720)).toBeLessThanOrEqual(2);
    expect(Math.abs(centre(boxes.legal) - 720)).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('aligns the careers checklist, centred as a whole, and styles its links', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', size(1440));
    const contact = page.locator('.careers-contact');
    const items = await contact.locator('.check-list li').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as Box));
    expect(new Set(items.map((item) => Math.round(item.left))).size).toBe(1);
    const list = (await contact.locator('.check-list').boundingBox())!;
    expect(Math.abs(list.x + list.width / 2 - 720)).toBeLessThanOrEqual(2);
    for (const name of [businessContact.careersEmail, business.phoneDisplay]) {
      const style = await contact.getByRole('link', { name }).evaluate((element) => ({ color: getComputedStyle(element).color, weight: getComputedStyle(element).fontWeight }));
      expect(style).toEqual({ color: 'rgb(30, 58, 138)', weight: '700' });
    }
    await context.close();
  });

  it('leaves no orphan card at 820 px: a card alone on its row is centred', async () => {
    for (const path of ['/', '/careers', '/sub-zero-repair']) {
      const { page, context } = await openPage(useChromium(), path, size(820));
      const grids = await page.locator('.card-grid').evaluateAll((elements) =>
        elements.map((grid) => ({
          grid: grid.getBoundingClientRect().toJSON() as Box,
          cards: Array.from(grid.children).map((card) => card.getBoundingClientRect().toJSON() as Box),
        })),
      );
      expect(grids.length).toBeGreaterThan(0);
      for (const { grid, cards } of grids) {
        const last = cards.at(-1)!;
        const alone = cards.filter((card) => Math.abs(card.top - last.top) < 1).length === 1 && cards.length > 1;
        if (alone) expect(Math.abs(centre(last) - centre(grid)), path).toBeLessThanOrEqual(2);
        if (alone) expect(Math.abs(last.width - cards[0]!.width), path).toBeLessThanOrEqual(2);
      }
      await context.close();
    }
  });
});

describe('business details from one configuration', () => {
  it('shows the configured email, address, review and social links', async () => {
    const { page, context } = await openPage(useChromium(), '/', size(1440));
    const contact = page.locator('#contact');
    expect(await contact.getByRole('link', { name: `Email ${businessContact.email}` }).getAttribute('href')).toBe(`mailto:${businessContact.email}`);
    expect(await contact.getByRole('link', { name: new RegExp(businessContact.address.street) }).getAttribute('href')).toMatch(/maps/);
    expect(await contact.getByRole('link', { name: /Leave a Review/ }).getAttribute('href')).toBe(businessContact.leaveReviewUrl);
    expect(await contact.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe(businessContact.socialUrl);
    expect(await page.getByRole('link', { name: /View All Reviews/ }).getAttribute('href')).toBe(businessContact.reviewsUrl);
    expect(await page.locator('html').innerHTML()).not.toMatch(/@example\.com|1 King Street/);
    await context.close();
  });
});

async function openPortalPage(browser: Browser, url: string, width: number, javaScriptEnabled = true, prerendered = true) {
  const context = await browser.newContext({ viewport: size(width), bypassCSP: true, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(url);
  if (javaScriptEnabled && prerendered) await waitForHydration(page);
  return { page, context };
}

describe('portal and back-office sign-in pages wear the public site brand', () => {
  for (const width of [390, 1440]) {
    it(`customer login at ${width} px: the site's header mark and name, its footer, and a Forgot password? link`, async () => {
      const { page, context } = await openPortalPage(useChromium(), `${urls.portal}/login`, width);
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('link', { name: business.name }).locator('svg').count()).toBe(1);
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link', { name: business.phoneDisplay }).getAttribute('href')).toBe(`tel:${business.phoneTel}`);
      expect(await footer.getByText(businessContact.address.street, { exact: false }).isVisible()).toBe(true);
      // The site's blue and type: the name in blue 9, the same font stack as the public site.
      expect(await banner.getByRole('link', { name: business.name }).evaluate((element) => getComputedStyle(element).color)).toBe('rgb(30, 58, 138)');
      expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('Forgot password? opens its page without JavaScript', async () => {
    const { page, context } = await openPortalPage(useChromium(), `${urls.portal}/login`, 390, false);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await context.close();
  });

  it('back-office sign-in at 390 and 1440 px: the same mark, name and footer', async () => {
    for (const width of [390, 1440]) {
      // The back office renders in the browser (no prerendered page to hydrate): its heading shows it is ready.
      const { page, context } = await openPortalPage(useChromium(), `${urls.backoffice}/admin-login`, width, true, false);
      await page.getByRole('heading', { name: 'Back Office Sign In' }).waitFor();
      expect(await page.getByRole('banner').getByRole('link', { name: business.name }).locator('svg').count()).toBe(1);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: business.phoneDisplay }).isVisible()).toBe(true);
      expect(await page.getByText('Forgot your password? Ask an administrator').isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe('sign-out wherever a customer is signed in', () => {
  it('one way out on every signed-in page: the portal page its own Sign out, the tracking page the header Sign out, which ends the session', async () => {
    const context = await signedInContext(useChromium(), newCustomer('Signout'), size(390));
    const page = await context.newPage();
    await page.goto(`${urls.portal}/customer-portal`);
    await waitForHydration(page);
    // One Sign out, the page's own beside the greeting; the header leaves its out.
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await page.goto(`${urls.portal}/technician-tracking`);
    await waitForHydration(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    const cookie = await sessionCookie(context);
    expect(cookie).toBeDefined();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    // The session ends on the server: the old cookie no longer names a customer.
    await expect
      .poll(async () => {
        const answer = await fetch(`${urls.portal}/api/auth/session`, { headers: { cookie: `${sessionCookieName}=${cookie}` } });
        return ((await answer.json()) as { customer?: unknown } | null)?.customer ?? null;
      })
      .toBeNull();
    await context.close();
  });

  it('a visitor on the login page sees no Sign out', async () => {
    const { page, context } = await openPortalPage(useChromium(), `${urls.portal}/login`, 1440);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await context.close();
  });
});
