import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { bookableDates, notificationMessages, type CreateAppointmentResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { emailsTo, waitForEmail } from '../support/mail.ts';
import { newContext, open, phone, urls } from './portal-support.ts';
import { noScrollSideways, submitBackOfficeSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

// The delivery log through the real nginx, the built services on PostgreSQL and the stack's mail catcher: a booking's
// confirmation found in Notifications by the customer's email, previewed, sent again, and the second email caught with
// its own Message-ID; the page by keyboard, and on a 390 px phone. Axe clean.
const admin = inject('admin');
const browser = useBrowser();
const desktop = { width: 1280, height: 800 } as const;

/** Books through the gateway as the wizard does, for a fresh address, on the fifth bookable day. */
async function bookFor(email: string): Promise<CreateAppointmentResponse> {
  const date = bookableDates()[4]!;
  const slots = (await (await fetch(`${urls.web}/api/appointments/available-slots?date=${date}`)).json()) as { availableSlots: string[] };
  const answer = await fetch(`${urls.web}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: urls.web, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      customerName: 'Robin Vega', email, phone: '(904) 555-0177', address: '9 Cordova St', city: 'St Augustine', state: 'FL', zipCode: '32084',
      serviceType: 'Repair', appliance: 'Oven', brand: 'Wolf', appointmentDate: date, timeSlot: slots.availableSlots[0],
    }),
  });
  if (answer.status !== 201) throw new Error(`booking answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as CreateAppointmentResponse;
}

async function signIn(viewport: { width: number; height: number }) {
  const context = await newContext(browser(), viewport);
  const { page, errors } = await open(context, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(page, admin);
  await page.waitForURL(`${urls.backoffice}/admin-customer-management`);
  await page.getByRole('heading', { level: 1, name: 'Customer Management' }).waitFor();
  return { context, page, errors };
}

const toast = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).getByRole('alert').filter({ hasText: title });
const messageIdOf = (email: { headers: Record<string, string | string[]> }) => String(email.headers['message-id']);

describe('the back office’s Notifications page', () => {
  it('finds a booking’s confirmation, previews it, resends it, and the second email arrives with its own Message-ID', async () => {
    const email = `notiflog-${randomUUID().slice(0, 8)}@example.com`;
    const booked = await bookFor(email);
    const first = await waitForEmail(email, /^Your appointment is booked: /);

    const { context, page, errors } = await signIn(desktop);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(`${urls.backoffice}/admin-notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    const filters = page.getByRole('form', { name: 'Filter messages' });
    await filters.getByLabel('Kind').selectOption('booking-confirmation');
    await filters.getByLabel('Customer email').fill(email.toUpperCase());
    await filters.getByLabel('Customer email').press('Enter');
    await page.getByText('1 message match these filters').waitFor();
    expect(new URL(page.url()).searchParams.get('recipient')).toBe(email.toUpperCase());
    const row = page.getByRole('table', { name: 'Messages' }).getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Sent');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(email);

    // The subject is a link: opened by keyboard, the message shows its preview (sandboxed), text and attempts.
    await row.getByRole('link', { name: first.subject }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: first.subject }).waitFor();
    const preview = dialog.locator('iframe');
    expect(await preview.getAttribute('sandbox')).toBe('');
    expect(await preview.getAttribute('title')).toBe(`Preview of the email: ${first.subject}`);
    await page.frameLocator('iframe[title^="Preview of the email"]').getByText(booked.confirmationCode).first().waitFor();
    await dialog.getByText(booked.confirmationCode).first().waitFor();
    const attempts = dialog.getByRole('region', { name: 'Attempts' }).getByRole('listitem');
    expect(await attempts.count()).toBe(1);
    expect(await attempts.first().textContent()).toMatch(/Sent/);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Resend' }).click();
    await dialog.getByRole('group', { name: 'Confirm resend' }).getByRole('button', { name: 'Send Again' }).click();
    await toast(page, 'Message Sent Again').waitFor();
    await expect.poll(() => toast(page, 'Message Sent Again').textContent()).toContain(notificationMessages.resent.replace('{recipient}', email));
    await dialog.getByText(/A copy is queued as message #\d+\./).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('2 messages match these filters').waitFor();

    const caught = await vi.waitFor(
      async () => {
        const received = (await emailsTo(email)).filter((mail) => /^Your appointment is booked: /.test(mail.subject));
        if (received.length < 2) throw new Error(`${received.length} confirmation emails so far`);
        return received;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(caught).toHaveLength(2);
    expect(caught[1]!.subject).toBe(first.subject);
    expect(messageIdOf(caught[1]!)).not.toBe(messageIdOf(caught[0]!));
    expect(messageIdOf(caught[1]!)).toMatch(/\.resend-1@/);
    expect(caught[1]!.attachments.map((file) => file.filename)).toEqual(first.attachments.map((file) => file.filename));
    // The copy is sent: its row says so once the send job has run.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole('table', { name: 'Messages' }).getByRole('row').nth(1).getByRole('cell').nth(1).textContent();
      }, { timeout: 20_000 })
      .toBe('Sent');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: the log is a list of cards, a message opens over the whole screen', async () => {
    const { context, page, errors } = await signIn(phone);
    await page.goto(`${urls.backoffice}/admin-notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('list', { name: 'Messages' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('main table[aria-label="Messages"]').count()).toBe(0);
    await noScrollSideways(page, phone.width);
    await page.getByRole('list', { name: 'Messages' }).getByRole('link').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('iframe').waitFor();
    const box = await dialog.boundingBox();
    // The whole width, to the sub-pixel the layout rounds to.
    expect(box?.width).toBeCloseTo(phone.width, 0);
    await noScrollSideways(page, phone.width);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
