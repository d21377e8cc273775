import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationMessages, serviceNames, type MessageSummary } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { deliveryStatus, externalCustomer, messageDetail, messageSummary } from './support/back-office-examples.ts';
import { renderAppAt, signIn, staffUser, type } from './support/fixtures.ts';

/** The log as notifications answers it: filtered by kind, channel, state and recipient, newest first, then paged. */
function log(all: MessageSummary[]): Answer {
  return ({ query }) => {
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 25);
    const found = all.filter(
      (item) =>
        (!query.get('kind') || item.kind === query.get('kind')) &&
        (!query.get('channel') || item.channel === query.get('channel')) &&
        (!query.get('state') || item.state === query.get('state')) &&
        (!query.get('recipient') || item.recipient.toLowerCase() === query.get('recipient')?.toLowerCase()),
    );
    return json(200, { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize });
  };
}

const failed = messageSummary(2, {
  kind: 'rescheduled',
  state: 'failed',
  recipient: 'nobody@example.com',
  subject: 'Your appliance repair has moved',
  sentAt: null,
  lastError: '550 5.1.1 No such mailbox',
});
const reminder = messageSummary(3, { kind: 'reminder-day-before', state: 'scheduled', subject: 'Reminder: your appliance repair is tomorrow', sentAt: null, attempts: 0, dueAt: '2026-03-11T22:00:00.000Z' });
const older = Array.from({ length: 27 }, (_, index) => messageSummary(index + 4, { recipient: `customer${index}@example.com`, createdAt: '2026-03-01T15:00:00.000Z' }));

/** The delivery log with a resend that adds the copy at the top, as the service does. */
function fakeNotifications(messages: MessageSummary[] = [messageSummary(1), failed, reminder, ...older]) {
  const all = [...messages];
  return {
    'GET /api/notifications/messages': log(all),
    'GET /api/notifications/summary': () => json(200, { failed: 0, undelivered: 0, from: '2026-03-04', to: '2026-03-10', sms: { configured: true, a2pRegistered: false } }),
    'GET /api/notifications/messages/:id': ({ path }) => {
      const found = all.find((item) => item.id === idIn(path));
      return found ? json(200, messageDetail(found, found.attempts === 0 ? { attemptLog: [] } : {})) : apiError(404, 'NOT_FOUND', notificationMessages.notFound);
    },
    'POST /api/notifications/messages/:id/resend': ({ path }) => {
      const original = all.find((item) => item.id === idIn(path))!;
      if (original.state === 'scheduled') return apiError(409, 'CONFLICT', notificationMessages.notSentYet);
      const copy = { ...original, id: 100 + all.length, state: 'queued' as const, attempts: 0, sentAt: null, lastError: null, resentFrom: original.id, createdAt: '2026-03-10T19:00:00.000Z' };
      all.unshift(copy);
      return json(201, copy);
    },
  } satisfies Record<string, Answer>;
}

/** The message id in /api/notifications/messages/:id(/resend). */
const idIn = (path: string) => Number(path.split('/')[4]);

async function renderLog(path = '/admin-notifications', answers: Record<string, Answer> = fakeNotifications()) {
  const api = fakeApi({ ...signIn(staffUser), ...answers });
  await renderAppAt(<App />, path);
  await expectPageHeading('Notifications');
  return api;
}

const rows = () => within(screen.getByRole('table', { name: 'Messages' })).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const drawer = async () => within(await screen.findByRole('dialog'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notifications: the delivery log', () => {
  it('lists messages with subject, kind, state, recipient, times, attempts and appointment, and pages through them', async () => {
    const api = await renderLog();
    expect(await screen.findByText('30 messages in all')).toBeTruthy();
    expect(rows()).toHaveLength(25);
    expect(cells(rows()[0]!)).toEqual([
      'Your appliance repair is booked: Tue, Mar 10, 2:00–4:00 PM ET (#1)',
      'Booking confirmation · Email',
      'Sent',
      'maria.lopez@example.com',
      'Mar 10, 2026, 2:00 PM EDT',
      'Mar 10, 2026, 2:00 PM EDT',
      '1',
      '#41',
    ]);
    expect(cells(rows()[1]!).slice(1, 4)).toEqual(['Rescheduled · Email', 'Failed550 5.1.1 No such mailbox', 'nobody@example.com']);
    expect(cells(rows()[2]!).slice(1, 3)).toEqual(['Reminder, day before · Email', 'Scheduled']);
    expect(cells(rows()[2]!)[5]).toBe('Due Mar 11, 2026, 6:00 PM EDT');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of messages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(api.sent('GET /api/notifications/messages').at(-1)?.query.toString()).toBe('page=2&pageSize=25');
  });

  it.each([
    [{ configured: true, a2pRegistered: false }, /^The sending number is not registered for A2P 10DLC, and US carriers drop texts/],
    [{ configured: false, a2pRegistered: false }, /^Texts \(SMS\) are off: Twilio is not configured, so customers get emails only\.$/],
    [{ configured: true, a2pRegistered: true }, /^Texts \(SMS\) are on, from a number registered for A2P 10DLC\.$/],
  ])('says whether texts are configured and registered for A2P 10DLC (%o)', async (sms, says) => {
    await renderLog('/admin-notifications', { ...fakeNotifications(), 'GET /api/notifications/summary': () => json(200, { failed: 0, undelivered: 0, from: '2026-03-04', to: '2026-03-10', sms }) });
    expect(await screen.findByText(says)).toBeTruthy();
  });

  it('filters by kind, channel, state, dates and customer email, keeping the filters in the address', async () => {
    const api = await renderLog();
    await screen.findByText('30 messages in all');
    // Every kind is offered in words, an account owner's sign-in alert among them.
    expect([...(field('Kind') as HTMLSelectElement).options].find((option) => option.value === 'sign-in-alert')?.text).toBe('Sign-in alert');
    type(field('Kind'), 'rescheduled');
    type(field('Channel'), 'email');
    type(field('State'), 'failed');
    type(field('From'), '2026-03-01');
    type(field('To'), '2026-03-31');
    type(field('Customer email'), ' NOBODY@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(window.location.search).toBe('?kind=rescheduled&channel=email&state=failed&from=2026-03-01&to=2026-03-31&recipient=NOBODY%40example.com'));
    expect(await screen.findByText('1 message match these filters')).toBeTruthy();
    expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Your appliance repair has moved']);
    expect(Object.fromEntries(api.sent('GET /api/notifications/messages').at(-1)!.query)).toEqual({
      kind: 'rescheduled',
      channel: 'email',
      state: 'failed',
      from: '2026-03-01',
      to: '2026-03-31',
      recipient: 'NOBODY@example.com',
      page: '1',
      pageSize: '25',
    });

    type(field('Channel'), 'sms');
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('No messages match these filters.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('30 messages in all')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(field('State').value).toBe('');
  });

  it('opens a shared address (a customer’s, the failed ones) with its filters in the form', async () => {
    const api = await renderLog('/admin-notifications?state=failed&from=2026-03-04');
    expect(await screen.findByText('1 message match these filters')).toBeTruthy();
    expect(field('State').value).toBe('failed');
    expect(field('From').value).toBe('2026-03-04');
    expect(api.sent('GET /api/notifications/messages')[0]?.query.toString()).toBe('state=failed&from=2026-03-04&page=1&pageSize=25');
  });

  it('explains refused filters beside their fields and asks nothing with them', async () => {
    const api = await renderLog();
    await screen.findByText('30 messages in all');
    type(field('From'), '2026-03-10');
    type(field('To'), '2026-03-01');
    type(field('Customer email'), `${'a'.repeat(250)}@example.com`);
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await expectFieldError(field('To'), 'The end date must not be before the start date');
    await expectFieldError(field('Customer email'), notificationMessages.recipient);
    expect(window.location.search).toBe('');
    expect(api.sent('GET /api/notifications/messages')).toHaveLength(1);
  });

  it('says when there are no messages yet, and offers Try Again when the log cannot load', async () => {
    const api = await renderLog('/admin-notifications', { 'GET /api/notifications/messages': () => new Response('', { status: 503 }) });
    expect(await screen.findByText('Unable to load messages')).toBeTruthy();
    api.answer('GET /api/notifications/messages', log([]));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('shows the messages as stacked cards on a phone, each subject a link to the message', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }));
    await renderLog();
    const list = within(await screen.findByRole('list', { name: 'Messages' }));
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list.getAllByRole('listitem')[1]!);
    const facts = Object.fromEntries(card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Kind: 'Rescheduled · Email', State: 'Failed550 5.1.1 No such mailbox', To: 'nobody@example.com' });
    expect(card.getByRole('link', { name: 'Your appliance repair has moved' }).getAttribute('href')).toBe('/admin-notifications?message=2');
  });
});

describe('notifications: one message', () => {
  it('opens from its subject with the preview in a sandboxed frame, the plain text and the attempts; Escape closes it', async () => {
    const api = await renderLog('/admin-notifications?state=failed');
    fireEvent.click(await screen.findByRole('link', { name: 'Your appliance repair has moved' }));
    await waitFor(() => expect(window.location.search).toBe('?state=failed&message=2'));
    const details = await drawer();
    expect(await details.findByRole('heading', { name: 'Your appliance repair has moved' })).toBeTruthy();
    const facts = Object.fromEntries(details.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Kind: 'Rescheduled', Channel: 'Email', State: 'Failed', To: 'nobody@example.com', Appointment: '#42', 'Last error': '550 5.1.1 No such mailbox' });
    const preview = details.getByTitle('Preview of the email: Your appliance repair has moved') as HTMLIFrameElement;
    expect(preview.tagName).toBe('IFRAME');
    expect(preview.getAttribute('sandbox')).toBe('');
    expect(preview.getAttribute('srcdoc')).toContain('<h1>Your appliance repair has moved</h1>');
    expect(details.getByText(/Confirmation code SA-7KQ2MZ/)).toBeTruthy();
    const attempts = within(details.getByRole('region', { name: 'Attempts' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(attempts).toEqual([
      'Mar 10, 2026, 2:00 PM EDT Failedconnect ECONNREFUSED 127.0.0.1:1025',
      'Mar 10, 2026, 2:00 PM EDT SentAccepted by the provider as 250 Message queued as 4F2A',
    ]);
    expect(api.sent('GET /api/notifications/messages/:id').map((request) => request.path)).toEqual(['/api/notifications/messages/2']);

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(window.location.search).toBe('?state=failed'));
  });

  it('resends after a confirmation, busy meanwhile, with a toast; the copy appears at the top of the log', async () => {
    const api = await renderLog('/admin-notifications?message=2');
    const details = await drawer();
    fireEvent.click(await details.findByRole('button', { name: 'Resend' }));
    const confirm = within(details.getByRole('group', { name: 'Confirm resend' }));
    expect(confirm.getByText(/Send this email again to nobody@example.com\?/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Send Again' }));
    await expectToast('Message Sent Again', notificationMessages.resent.replace('{recipient}', 'nobody@example.com'));
    expect(api.sent('POST /api/notifications/messages/:id/resend').map((request) => [request.path, request.body])).toEqual([['/api/notifications/messages/2/resend', {}]]);
    expect(await details.findByText(/A copy is queued as message #130\./)).toBeTruthy();
    await waitFor(() => expect(within(rows()[0]!).getByRole('rowheader').textContent).toBe('Your appliance repair has moved'));
    expect(cells(rows()[0]!)[2]).toBe('Queued');
    expect(await screen.findByText('31 messages in all')).toBeTruthy();

    fireEvent.click(details.getByRole('link', { name: 'Open the copy' }));
    await waitFor(() => expect(window.location.search).toBe('?message=130'));
    expect(await (await drawer()).findByRole('link', { name: 'Message #2' })).toBeTruthy();
  });

  it('offers no Resend for a message still being sent and says why', async () => {
    const sending = messageSummary(4, { state: 'queued', sentAt: null, attempts: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    await renderLog('/admin-notifications?message=4', fakeNotifications([messageSummary(1), sending]));
    const details = await drawer();
    expect(await details.findByText(notificationMessages.stillSending)).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('offers no Resend for a scheduled message and says why', async () => {
    await renderLog('/admin-notifications?message=3');
    const details = await drawer();
    expect(await details.findByText(notificationMessages.notSentYet)).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(details.getByText('None yet: it goes out when it falls due.', { exact: false })).toBeTruthy();
  });

  it('says a message’s content was removed after the retention, keeping its record and attempts, and offers no Resend', async () => {
    const removed = messageSummary(5, { subject: notificationMessages.bodyRemovedSubject });
    await renderLog('/admin-notifications?message=5', {
      ...fakeNotifications([messageSummary(1), removed]),
      'GET /api/notifications/messages/:id': () => json(200, messageDetail(removed, { htmlBody: null, textBody: null, bodyRemovedAt: '2026-06-09T04:00:00.000Z', bodyRetentionDays: 90 })),
    });
    const details = await drawer();
    expect((await details.findByText('The message’s content was removed after 90 days; its record stays.')).textContent).toBe('The message’s content was removed after 90 days; its record stays.');
    expect(details.queryByTitle(/^Preview of the email/)).toBeNull();
    expect(details.queryByRole('region', { name: 'Plain text' })).toBeNull();
    const facts = Object.fromEntries(details.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Kind: 'Booking confirmation', State: 'Sent', To: 'maria.lopez@example.com' });
    expect(within(details.getByRole('region', { name: 'Attempts' })).getAllByRole('listitem')).toHaveLength(2);
    expect(details.getByText('This message’s content was removed after 90 days (only its record stays), so it cannot be sent again.').textContent).toBe('This message’s content was removed after 90 days (only its record stays), so it cannot be sent again.');
    expect(details.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('says a message is not found for an id that names none', async () => {
    await renderLog('/admin-notifications?message=999');
    expect(await (await drawer()).findByText(notificationMessages.notFound)).toBeTruthy();
  });

  it('shows a refused resend in a toast and keeps the message open', async () => {
    await renderLog('/admin-notifications?message=1', {
      ...fakeNotifications(),
      'POST /api/notifications/messages/:id/resend': () => apiError(409, 'CONFLICT', notificationMessages.withdrawn),
    });
    const details = await drawer();
    fireEvent.click(await details.findByRole('button', { name: 'Resend' }));
    fireEvent.click(details.getByRole('button', { name: 'Send Again' }));
    await expectToast('Resend Failed', notificationMessages.withdrawn);
    expect(details.getByRole('button', { name: 'Send Again' })).toBeTruthy();
  });
});

describe('notifications elsewhere in the back office', () => {
  it('lists a customer’s latest messages on their record, with a link to the log filtered to them', async () => {
    fakeApi({
      ...signIn(staffUser),
      ...fakeNotifications(),
      'POST /api/admin/lookup-customer-phone': () => json(200, { customer: externalCustomer(), customerId: null }),
    });
    await renderAppAt(<App />, '/admin-customer-management?tab=lookup');
    await expectPageHeading('Customer Management');
    type(await screen.findByLabelText('Phone number'), '(904) 802-1998');
    fireEvent.click(screen.getByRole('button', { name: 'Look Up Customer' }));
    const messages = within(await screen.findByRole('region', { name: 'Messages' }));
    const first = await messages.findByRole('link', { name: 'Your appliance repair is booked: Tue, Mar 10, 2:00–4:00 PM ET (#1)' });
    expect(first.getAttribute('href')).toBe('/admin-notifications?recipient=maria.lopez%40example.com&message=1');
    expect(messages.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(messages.getByRole('link', { name: 'Open the messages to maria.lopez@example.com in Notifications' }));
    await expectPageHeading('Notifications');
    expect(await screen.findByText('2 messages match these filters')).toBeTruthy();
    expect(field('Customer email').value).toBe('maria.lopez@example.com');
  });

  it.each([
    [{ failed: 2, undelivered: 0 }, /^2 messages to customers could not be sent in the last 7 days\./, 'See the failed messages', '?state=failed&from=2026-03-04'],
    [{ failed: 0, undelivered: 1 }, /^1 text did not reach the customer’s phone in the last 7 days \(the carrier reported it undelivered\)\./, 'See the undelivered texts', '?state=undelivered&from=2026-03-04'],
  ])('adds a system status alert for messages that failed or texts not delivered in the last seven days (%j), linking to them', async (counts, text, link, search) => {
    fakeApi({
      ...signIn(staffUser),
      ...fakeNotifications(),
      'GET /api/notifications/summary': () => json(200, { ...counts, from: '2026-03-04', to: '2026-03-10', sms: { configured: true, a2pRegistered: true } }),
      'GET /api/technicians': () => json(200, []),
      'GET /api/tracking': () => json(200, { items: [], total: 0, page: 1, pageSize: 5 }),
      'GET /api/appointments': () => json(200, []),
      ...Object.fromEntries(serviceNames.map((service) => [`GET /api/deliveries/${service}`, () => json(200, deliveryStatus(service))])),
    });
    await renderAppAt(<App />, '/admin-tracking');
    await expectPageHeading('Tracking Administration');
    const alerts = within(screen.getByRole('region', { name: 'Alerts' }));
    expect(await alerts.findByText(text)).toBeTruthy();
    expect(alerts.queryAllByRole('link', { name: /^See the (failed messages|undelivered texts)$/ })).toHaveLength(1);
    fireEvent.click(alerts.getByRole('link', { name: link }));
    await expectPageHeading('Notifications');
    expect(window.location.search).toBe(search);
  });
});
