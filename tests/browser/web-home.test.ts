import { describe, expect, it } from 'vitest';
import { businessContact } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { collectDialogs, expectSectionBelowHeader, openedUrls, openPage, stubWindowOpen, viewports } from './web-support.ts';

const useChromium = useBrowser();

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('home page', () => {
  it('has its sections in order with their content', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/');
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    const order = [
      'Expert Appliance Repair Services',
      'Premium & Major Appliance Brands',
      'Why St Augustine Chooses St Augustine Appliance Repair',
      'Serving Northeast Florida',
      'Appliance Problems & Answers',
      'What Our Customers Say',
      'St Augustine’s Premier Appliance Repair Company',
      'Request Service or Get a Quote',
    ];
    expect(headings.filter((text) => order.includes(text))).toEqual(order);
    expect(await page.locator('.emergency-header').getByRole('link', { name: /Call \(904\) 802-1998/ }).getAttribute('href')).toBe('tel:+19048021998');
    expect(await page.getByText(/Ormond Beach/).first().isVisible()).toBe(true);

    const services = page.locator('#services li.service-card');
    expect(await services.count()).toBe(6);
    expect(await page.locator('#services').getByText('Premium Brands').count()).toBe(3);
    expect(await page.locator('#services').getByText('Specialty Service').count()).toBe(1);

    expect(await page.locator('#brands li.brand-card').count()).toBe(16);
    const moreBrands = await page.locator('#brands .more-brands').textContent();
    for (const brand of ['Thermador', 'Miele', 'Dacor']) expect(moreBrands).toContain(brand);
    expect(await page.locator('#brands li.brand-card').first().locator('.check-list li').count()).toBe(4);
    expect(await page.locator('#brands li.brand-card').first().locator('.chip-list li').count()).toBe(4);
    const logo = page.locator('#brands img').first();
    expect(await logo.getAttribute('width')).toBe('160');
    expect(await logo.getAttribute('height')).toBe('48');

    const cta = page.locator('.cta-panel');
    expect(await cta.getByRole('link', { name: 'Schedule Service Online' }).getAttribute('href')).toBe('/book-appointment');
    expect(await cta.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toBe('tel:+19048021998');
    expect(await cta.getByRole('link', { name: 'Email Us' }).getAttribute('href')).toBe(`mailto:${businessContact.email}`);

    for (const county of ['St Johns County', 'Flagler County', 'Volusia County', 'Clay County']) {
      expect(await page.getByRole('heading', { level: 3, name: county }).isVisible()).toBe(true);
    }
    const reviews = page.locator('#reviews');
    expect(await reviews.locator('li.testimonial-card').count()).toBe(3);
    expect(await reviews.getByRole('link', { name: /^View All Reviews/ }).getAttribute('target')).toBe('_blank');
    expect(await reviews.getByRole('link', { name: /^Leave a Review/ }).getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe('/careers');
    expect(await page.getByRole('complementary', { name: 'Quick contact' }).getByRole('link', { name: /24\/7 Emergency/ }).getAttribute('href')).toBe(
      'tel:+19048021998',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls to the contact section from Get Expert Quote and Schedule Service', async () => {
    const { page, context } = await openPage(useChromium(), '/');
    const quote = page.locator('#services').getByRole('link', { name: 'Get Expert Quote' }).nth(2);
    expect(await quote.getAttribute('href')).toBe('/#contact');
    await quote.click();
    await expectSectionBelowHeader(page, 'contact');
    await page.getByRole('heading', { level: 3, name: 'Volusia County' }).scrollIntoViewIfNeeded();
    const schedule = page.locator('.area-card').getByRole('link', { name: 'Schedule Service' }).nth(2);
    expect(await schedule.getAttribute('href')).toBe('/#contact');
    await schedule.click();
    await expectSectionBelowHeader(page, 'contact');
    await context.close();
  });

  it('opens FAQ answers independently, keyed by category and position', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.mobile);
    const fridge = page.getByRole('button', { name: 'Why is my refrigerator not cooling but the freezer still works?' });
    const dryer = page.getByRole('button', { name: 'Why does my dryer run but not heat?' });
    const answer = page.getByText(/evaporator fan has failed/);
    expect(await answer.isVisible()).toBe(false);
    await fridge.click();
    await dryer.click();
    expect(await answer.isVisible()).toBe(true);
    expect(await page.getByText(/thermal fuse or high-limit thermostat/).isVisible()).toBe(true);
    await fridge.click();
    expect(await answer.isVisible()).toBe(false);
    expect(await dryer.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.faq-item button[aria-expanded]').count()).toBe(15);
    await context.close();
  });

  it('embeds the work-order request form at 740 px in a sandboxed frame, next to Need to Pay', async () => {
    const { page, context } = await openPage(useChromium(), '/');
    const contact = page.locator('section#contact');
    // The frame is mounted as the visitor nears it.
    await contact.locator('.work-order').scrollIntoViewIfNeeded();
    const frame = contact.locator('iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('height')).toBe('740');
    expect(await frame.getAttribute('title')).toBe('Service request form');
    expect((await frame.getAttribute('sandbox'))?.split(' ').sort()).toEqual(
      ['allow-forms', 'allow-modals', 'allow-same-origin', 'allow-scripts', 'allow-top-navigation'].sort(),
    );
    expect(new URL((await frame.getAttribute('src')) ?? '').searchParams.get('id')).toBeTruthy();
    expect(await contact.locator('.contact-list').getByRole('link', { name: 'Call (904) 802-1998' }).getAttribute('href')).toBe('tel:+19048021998');
    expect(await contact.locator('.emergency-compact').getByRole('link', { name: 'Call (904) 802-1998' }).getAttribute('href')).toBe('tel:+19048021998');
    expect(await contact.getByRole('link', { name: new RegExp(businessContact.address.street) }).getAttribute('href')).toMatch(/maps/);
    expect(await contact.getByRole('link', { name: /^Leave a Review/ }).getAttribute('target')).toBe('_blank');
    expect(await contact.getByRole('link', { name: /^Follow us on Facebook/ }).getAttribute('href')).toMatch(/facebook\.com/);
    const pay = contact.locator('.pay-box');
    expect(await pay.getByRole('heading', { name: 'Need to Pay for Service?' }).isVisible()).toBe(true);
    expect(await pay.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe('/payment');
    await context.close();
  });
});

describe('contact email link', () => {
  it('on a desktop opens the mail link in a new window', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.desktop, { initScript: stubWindowOpen('window') });
    const dialogs = collectDialogs(page);
    await page.getByRole('link', { name: `Email ${businessContact.email}` }).click();
    expect(await openedUrls(page)).toEqual([[`mailto:${businessContact.email}`, '_blank']]);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('on a desktop where no window results, copies the address and says so', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.desktop, { initScript: stubWindowOpen('null') });
    const dialogs = collectDialogs(page);
    await page.getByRole('link', { name: `Email ${businessContact.email}` }).click();
    await expect.poll(() => dialogs).toEqual([`Email address copied to clipboard: ${businessContact.email}`]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(businessContact.email);
    await context.close();
  });

  it('on a phone opens the mail link in place', async () => {
    const { page, context } = await openPage(useChromium(), '/', viewports.mobile, { userAgent: iPhone, initScript: stubWindowOpen('null') });
    const dialogs = collectDialogs(page);
    await page.getByRole('link', { name: `Email ${businessContact.email}` }).click();
    expect(await openedUrls(page)).toEqual([[`mailto:${businessContact.email}`, '_self']]);
    expect(dialogs).toEqual([]);
    await context.close();
  });
});

describe('toasts', () => {
  it('F8 focuses the notification region on the pages that show toasts', async () => {
    const { page, context } = await openPage(useChromium(), '/book-appointment');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Hydration runs as a transition; the shortcut works once the page's effects have run.
    await expect
      .poll(async () => {
        await page.keyboard.press('F8');
        return page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      })
      .toBe('Notifications (F8)');
    await context.close();
  });
});
