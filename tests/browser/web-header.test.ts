import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, holdModuleScripts, useBrowser } from '../support/browser.ts';
import { expectSectionBelowHeader, openPage, urls, viewports, waitForHydration } from './web-support.ts';

const useChromium = useBrowser();

const reviewPage = /google\.com/;

/** The header's section links and their addresses: real links, from every page. */
const sectionLinks = [
  ['Services', '/#services'],
  ['Brands', '/#brands'],
  ['Reviews', '/#reviews'],
  ['Contact', '/#contact'],
] as const;

const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main' });
const menuNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Menu' });
/** The phone menu's toggle: a native disclosure, which Playwright's roles do not name; Chrome's own tree is read below. */
const menuToggle = (page: Page) => page.getByRole('banner').locator('summary');

type ToggleState = { role: string; name: string; expanded: boolean };

/** What Chrome tells a screen reader about the menu toggle: its role, its name and whether the menu is expanded. */
async function toggleState(page: Page): Promise<ToggleState> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'header summary' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    const expanded = node?.properties?.find((property) => property.name === 'expanded')?.value.value;
    return { role: String(node?.role?.value), name: String(node?.name?.value), expanded: expanded === true };
  } finally {
    await cdp.detach();
  }
}

const closedToggle: ToggleState = { role: 'DisclosureTriangle', name: 'Open menu', expanded: false };
const openToggle: ToggleState = { role: 'DisclosureTriangle', name: 'Close menu', expanded: true };

const expectToggle = (page: Page, state: ToggleState) => expect.poll(() => toggleState(page), { timeout: 5000 }).toEqual(state);

/** The focused element's tag and text, as a keyboard user meets it. */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${(document.activeElement as HTMLElement | null)?.innerText.trim() ?? ''}`);

/** Presses Tab until the menu toggle has focus, within a bound (a page that never reaches it fails). */
async function tabToToggle(page: Page): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.tagName === 'SUMMARY')) return;
  }
  throw new Error('Tab never reached the menu toggle');
}

/** Every visible control named is the top element at its own centre: nothing floats over it. */
async function expectNothingOver(controls: Locator, names: string[]): Promise<void> {
  const seen = await controls.evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const name = (element as HTMLElement).innerText.trim() || element.getAttribute('aria-label') || element.tagName;
        return { name, covered: !top || !element.contains(top) };
      }),
  );
  expect(seen.map(({ name }) => name)).toEqual(expect.arrayContaining(names));
  expect(seen.filter(({ covered }) => covered).map(({ name }) => name)).toEqual([]);
}

describe('header at desktop width (1280)', () => {
  it('shows the nav, the phone number and every action, and no menu toggle', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/');
    const header = page.getByRole('banner');
    for (const [name, href] of sectionLinks) {
      const link = header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute('href')).toBe(href);
    }
    expect(await header.getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe('/careers');
    expect(await header.getByRole('link', { name: '(904) 802-1998' }).getAttribute('href')).toBe('tel:+19048021998');
    expect(await header.getByRole('link', { name: 'Schedule Service' }).getAttribute('href')).toBe('/book-appointment');
    expect(await header.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe('/payment');
    const track = new URL((await header.getByRole('link', { name: 'Track', exact: true }).getAttribute('href')) ?? '');
    const portal = new URL((await header.getByRole('link', { name: 'Portal', exact: true }).getAttribute('href')) ?? '');
    expect(track.pathname).toBe('/technician-tracking');
    expect(portal.pathname).toBe('/customer-portal');
    expect(track.origin).not.toBe(new URL(page.url()).origin);
    expect(await menuToggle(page).isVisible()).toBe(false);
    expect(await header.getByRole('link', { name: 'Book', exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('header') as HTMLElement).position)).toBe('sticky');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls smoothly to a section, just below the header', async () => {
    const { page, context } = await openPage(useChromium(), '/');
    await mainNav(page).getByRole('link', { name: 'Brands' }).click();
    await expectSectionBelowHeader(page, 'brands');
    expect(new URL(page.url()).hash).toBe('#brands');
    await mainNav(page).getByRole('link', { name: 'Contact' }).click();
    await expectSectionBelowHeader(page, 'contact');
    await mainNav(page).getByRole('link', { name: 'Reviews' }).click();
    await expectSectionBelowHeader(page, 'reviews');
    expect(new URL(page.url()).hash).toBe('#reviews');
    await page.getByRole('banner').getByRole('link', { name: 'St Augustine Appliance Repair' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('from another page, remembers the section, opens home and scrolls there after 500 ms', async () => {
    // The page notes when the address changed and when it first scrolled after that: the wait is measured in the page,
    // so a busy machine (slow to look) cannot make it seem shorter or longer.
    const initScript = `
      window.__navigatedAt = null;
      window.__scrolledAt = null;
      const push = history.pushState;
      history.pushState = function (...args) { window.__navigatedAt = performance.now(); return push.apply(this, args); };
      addEventListener('scroll', () => { if (window.__navigatedAt !== null && window.__scrolledAt === null) window.__scrolledAt = performance.now(); }, true);`;
    const { page, context, errors } = await openPage(useChromium(), '/careers', viewports.desktop, { initScript });
    await mainNav(page).getByRole('link', { name: 'Services' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSectionBelowHeader(page, 'services');
    const { navigatedAt, scrolledAt } = await page.evaluate(() => {
      const noted = window as unknown as { __navigatedAt: number | null; __scrolledAt: number | null };
      return { navigatedAt: noted.__navigatedAt, scrolledAt: noted.__scrolledAt };
    });
    expect(navigatedAt, 'the address changed in the page').not.toBeNull();
    expect(scrolledAt! - navigatedAt!, 'ms from the new address to the first scroll').toBeGreaterThanOrEqual(490);
    // The remembered section is used once.
    expect(await page.evaluate(() => sessionStorage.getItem('scrollToSection'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('remembers the section across a full page load too', async () => {
    const { page, context } = await openPage(useChromium(), '/sub-zero-repair');
    await page.evaluate(() => sessionStorage.setItem('scrollToSection', 'contact'));
    await page.goto(page.url().replace('/sub-zero-repair', '/'));
    await waitForHydration(page);
    await expectSectionBelowHeader(page, 'contact');
    await context.close();
  });

  it('has a logo link home and a thank-you strip with Leave Review', async () => {
    const { page, context } = await openPage(useChromium(), '/careers');
    const leaveReview = page.getByRole('link', { name: /^Leave Review/ });
    expect(await leaveReview.getAttribute('href')).toMatch(reviewPage);
    expect(await leaveReview.getAttribute('target')).toBe('_blank');
    await page.getByRole('banner').getByRole('link', { name: 'St Augustine Appliance Repair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Appliance Repair in St Augustine, FL' }).waitFor();
    await context.close();
  });
});

describe('header at mid-size width (900)', () => {
  it('shows a phone icon with a tooltip, Book and the menu with the other actions instead of the desktop actions', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.mid);
    const header = page.getByRole('banner');
    const phone = header.getByRole('link', { name: 'Call (904) 802-1998' });
    expect(await phone.isVisible()).toBe(true);
    expect(await phone.getAttribute('href')).toBe('tel:+19048021998');
    expect(await header.getByRole('link', { name: 'Book', exact: true }).getAttribute('href')).toBe('/book-appointment');
    expect(await header.getByRole('link', { name: 'Schedule Service' }).isVisible()).toBe(false);
    expect(await header.getByRole('link', { name: '(904) 802-1998', exact: true }).isVisible()).toBe(false);
    expect(await mainNav(page).getByRole('link', { name: 'Brands' }).isVisible()).toBe(true);
    // What the bar has no room for (Track, Pay Now, Portal) is in the menu after Book.
    await menuToggle(page).click();
    const menu = menuNav(page);
    expect(await menu.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe('/payment');
    expect(new URL((await menu.getByRole('link', { name: 'Track Technician' }).getAttribute('href')) ?? '').pathname).toBe('/technician-tracking');
    expect(new URL((await menu.getByRole('link', { name: 'Customer Portal' }).getAttribute('href')) ?? '').pathname).toBe('/customer-portal');
    await menuToggle(page).click();
    expect(await menu.isVisible()).toBe(false);

    // The tooltip opens after its hover delay (700 ms), not at once.
    await phone.hover();
    const hovered = Date.now();
    await page.getByRole('tooltip', { name: 'Call (904) 802-1998' }).waitFor({ timeout: 2400 });
    expect(Date.now() - hovered).toBeGreaterThanOrEqual(400);
    await header.getByRole('link', { name: 'Book', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/book-appointment');
    await context.close();
  });

  it('scrolls to sections with the header offset', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.mid);
    await mainNav(page).getByRole('link', { name: 'Services' }).click();
    await expectSectionBelowHeader(page, 'services');
    await context.close();
  });
});

describe('header at mobile width (375)', () => {
  it('toggles a menu with every item, which closes on selection', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/', viewports.mobile);
    const header = page.getByRole('banner');
    expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await expectToggle(page, closedToggle);
    expect(await menuNav(page).isVisible()).toBe(false);
    await menuToggle(page).click();
    const menu = menuNav(page);
    await menu.waitFor();
    await expectToggle(page, openToggle);
    for (const [name, href] of sectionLinks) expect(await menu.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    expect(await menu.getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe('/careers');
    expect(await menu.getByRole('link', { name: 'Call (904) 802-1998' }).getAttribute('href')).toBe('tel:+19048021998');
    expect(await menu.getByRole('link', { name: 'Book Appointment' }).getAttribute('href')).toBe('/book-appointment');
    expect(await menu.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe('/payment');
    expect(new URL((await menu.getByRole('link', { name: 'Track Technician' }).getAttribute('href')) ?? '').pathname).toBe('/technician-tracking');
    expect(new URL((await menu.getByRole('link', { name: 'Customer Portal' }).getAttribute('href')) ?? '').pathname).toBe('/customer-portal');

    await menu.getByRole('link', { name: 'Contact' }).click();
    expect(await menu.isVisible()).toBe(false);
    await expectToggle(page, closedToggle);
    await expectSectionBelowHeader(page, 'contact');

    await menuToggle(page).click();
    await menu.getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL((url) => url.pathname === '/careers');
    expect(await menu.isVisible()).toBe(false);

    await menuToggle(page).click();
    await menu.getByRole('link', { name: 'Brands' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectSectionBelowHeader(page, 'brands');
    expect(await menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes the menu on Escape and returns focus to the toggle', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', viewports.mobile);
    await menuToggle(page).click();
    await menuNav(page).getByRole('link', { name: 'Services' }).focus();
    await page.keyboard.press('Escape');
    expect(await menuNav(page).isVisible()).toBe(false);
    expect(await focused(page)).toBe('SUMMARY Open menu');
    await expectToggle(page, closedToggle);
    await context.close();
  });

  it('does not scroll sideways on any public page', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.mobile);
    for (const path of ['/', '/careers', '/sub-zero-repair', '/wolf-repair', '/font-examples', '/no-such-page']) {
      await page.goto(`${new URL(page.url()).origin}${path}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(viewports.mobile.width);
    }
    await context.close();
  });
});

/** Whether React has attached to the prerendered page. */
const isHydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));

/** The section sits just below the sticky header, as following its link should leave it. */
async function expectSectionInView(page: Page, id: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((sectionId) => {
          const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1;
          return top >= headerBottom - 1 && top <= headerBottom + 60;
        }, id),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function expectAddress(page: Page, pathname: string, hash: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash, { timeout: 15_000 }).toBe(pathname + hash);
}

describe('header links before hydration and without JavaScript', () => {
  it('navigates to every section before the page hydrates, on a CPU slowed 6×, and smoothly once it has', { timeout: 180_000 }, async () => {
    const context = await useChromium().newContext({ viewport: viewports.desktop });
    const scripts = await holdModuleScripts(context);
    const page = await context.newPage();
    const errors = await collectPageErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    await page.goto(`${urls.web}/`, { waitUntil: 'domcontentloaded' });
    for (const [name, href] of sectionLinks) {
      await mainNav(page).getByRole('link', { name, exact: true }).click();
      const id = href.slice(2);
      await expectAddress(page, '/', `#${id}`);
      await expectSectionInView(page, id);
    }
    expect(await isHydrated(page)).toBe(false);

    // From another page the link opens the home page at the section.
    await page.goto(`${urls.web}/careers`, { waitUntil: 'domcontentloaded' });
    await mainNav(page).getByRole('link', { name: 'Services' }).click();
    await expectAddress(page, '/', '#services');
    await expectSectionInView(page, 'services');
    expect(await isHydrated(page)).toBe(false);

    await scripts.release();
    await waitForHydration(page);
    await mainNav(page).getByRole('link', { name: 'Brands' }).click();
    await expectSectionBelowHeader(page, 'brands');
    expect(new URL(page.url()).hash).toBe('#brands');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with JavaScript disabled: header, Get Expert Quote, Schedule Service and View Open Positions', { timeout: 120_000 }, async () => {
    const context = await useChromium().newContext({ viewport: viewports.desktop, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${urls.web}/careers`);
    await mainNav(page).getByRole('link', { name: 'Reviews' }).click();
    await expectAddress(page, '/', '#reviews');
    await expectSectionInView(page, 'reviews');

    for (const [name, href] of sectionLinks) {
      await mainNav(page).getByRole('link', { name, exact: true }).click();
      const id = href.slice(2);
      await expectAddress(page, '/', `#${id}`);
      await expectSectionInView(page, id);
    }

    await page.goto(`${urls.web}/`);
    await page.locator('#services').getByRole('link', { name: 'Get Expert Quote' }).first().click();
    await expectAddress(page, '/', '#contact');
    await expectSectionInView(page, 'contact');
    await page.goto(`${urls.web}/`);
    await page.locator('.area-card').getByRole('link', { name: 'Schedule Service' }).first().click();
    await expectAddress(page, '/', '#contact');
    await expectSectionInView(page, 'contact');

    await page.goto(`${urls.web}/careers`);
    await page.getByRole('link', { name: 'View Open Positions' }).first().click();
    await expectAddress(page, '/careers', '#jobs');
    await expectSectionInView(page, 'jobs');
    await context.close();
  });
});

const phone = { width: 390, height: 844 } as const;

describe('phone menu (390) before hydration, without JavaScript and by keyboard', () => {
  it('opens and follows a section link before the page hydrates, on a CPU slowed 6×, and keeps working once it has', { timeout: 180_000 }, async () => {
    const context = await useChromium().newContext({ viewport: phone });
    const scripts = await holdModuleScripts(context);
    const page = await context.newPage();
    const errors = await collectPageErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    // From another page the link opens the home page, at the section, with the menu closed.
    await page.goto(`${urls.web}/careers`, { waitUntil: 'domcontentloaded' });
    await menuToggle(page).click();
    await expectToggle(page, openToggle);
    await menuNav(page).getByRole('link', { name: 'Brands' }).click();
    await expectAddress(page, '/', '#brands');
    await expectSectionInView(page, 'brands');
    expect(await menuNav(page).isVisible()).toBe(false);
    expect(await isHydrated(page)).toBe(false);

    // On the same page the boot script closes the menu as the link is followed: the section is in view, uncovered.
    await menuToggle(page).click();
    await expectToggle(page, openToggle);
    await menuNav(page).getByRole('link', { name: 'Services' }).click();
    await expectAddress(page, '/', '#services');
    await expect.poll(() => menuNav(page).isVisible()).toBe(false);
    await expectToggle(page, closedToggle);
    await expectSectionInView(page, 'services');
    expect(await isHydrated(page)).toBe(false);

    // Opened before hydration, the menu stays open through it, and the hydrated page closes it on Escape and on a choice.
    await menuToggle(page).click();
    await scripts.release();
    await waitForHydration(page);
    expect(await menuNav(page).isVisible()).toBe(true);
    await expectToggle(page, openToggle);
    await menuNav(page).getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Escape');
    expect(await menuNav(page).isVisible()).toBe(false);
    expect(await focused(page)).toBe('SUMMARY Open menu');
    await menuToggle(page).click();
    await menuNav(page).getByRole('link', { name: 'Reviews' }).click();
    expect(await menuNav(page).isVisible()).toBe(false);
    await expectSectionBelowHeader(page, 'reviews');
    expect(new URL(page.url()).hash).toBe('#reviews');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens, by pointer or keyboard, and follows section links with JavaScript disabled', { timeout: 120_000 }, async () => {
    const context = await useChromium().newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${urls.web}/careers`);
    await expectToggle(page, closedToggle);
    await menuToggle(page).click();
    await expectToggle(page, openToggle);
    await menuNav(page).getByRole('link', { name: 'Reviews' }).click();
    await expectAddress(page, '/', '#reviews');
    await expectSectionInView(page, 'reviews');
    expect(await menuNav(page).isVisible()).toBe(false);

    await menuToggle(page).focus();
    await page.keyboard.press('Space');
    await expectToggle(page, openToggle);
    await menuNav(page).getByRole('link', { name: 'Contact' }).click();
    await expectAddress(page, '/', '#contact');
    await expectSectionInView(page, 'contact');
    await menuToggle(page).press('Enter');
    expect(await menuNav(page).isVisible()).toBe(false);
    await expectToggle(page, closedToggle);
    await expectSectionInView(page, 'contact');

    await menuToggle(page).click();
    await menuNav(page).getByRole('link', { name: 'Careers' }).click();
    await expectAddress(page, '/careers', '');
    await context.close();
  });

  it('works by keyboard alone once hydrated: Tab to the toggle, Enter or Space opens, every item is reachable, Escape closes', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/', phone);
    await tabToToggle(page);
    expect(await focused(page)).toBe('SUMMARY Open menu');
    await page.keyboard.press('Enter');
    await expectToggle(page, openToggle);

    const items = ['Services', 'Brands', 'Reviews', 'Careers', 'Contact', 'Call (904) 802-1998', 'Book Appointment', 'Track Technician', 'Pay Now', 'Customer Portal'];
    for (const item of items) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`A ${item}`);
    }
    await page.keyboard.press('Escape');
    expect(await menuNav(page).isVisible()).toBe(false);
    expect(await focused(page)).toBe('SUMMARY Open menu');
    await expectToggle(page, closedToggle);

    await page.keyboard.press('Space');
    await expectToggle(page, openToggle);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('A Brands');
    await page.keyboard.press('Enter');
    expect(await menuNav(page).isVisible()).toBe(false);
    await expectSectionBelowHeader(page, 'brands');
    expect(new URL(page.url()).hash).toBe('#brands');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves nothing floating over a header control at 390 (menu open), 820 and 1440 px', async () => {
    const controls = (page: Page) => page.getByRole('banner').locator('a, summary');
    const menuItems = ['Services', 'Contact', 'Call (904) 802-1998', 'Book Appointment', 'Customer Portal'];
    const phonePage = await openPage(useChromium(), '/', phone);
    await expectNothingOver(controls(phonePage.page), ['Open menu']);
    await menuToggle(phonePage.page).click();
    await menuNav(phonePage.page).waitFor();
    await expectNothingOver(controls(phonePage.page), ['Close menu', ...menuItems]);
    await phonePage.page.evaluate(() => window.scrollTo(0, 1500));
    await expectNothingOver(controls(phonePage.page), ['Close menu', ...menuItems]);
    await phonePage.context.close();
    for (const [width, names] of [
      [820, ['Services', 'Contact', 'Call (904) 802-1998', 'Book']],
      [1440, ['Services', 'Contact', '(904) 802-1998', 'Schedule Service', 'Portal']],
    ] as const) {
      const { page, context } = await openPage(useChromium(), '/', { width, height: 900 });
      await expectNothingOver(controls(page), [...names]);
      await context.close();
    }
  });
});
