import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceNames } from '@repo/contracts';
import { apiError, fakeApi, json, type Answer } from '@repo/ui/testing/api';
import { expectPageHeading } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { deliveryStatus as status } from './support/back-office-examples.ts';
import { renderAppAt, signIn, staffUser } from './support/fixtures.ts';

/** As the stack answers today: payments sends nothing, so it has no deliveries route (404). */
const allDelivered: Record<string, Answer> = {
  ...Object.fromEntries(serviceNames.map((service) => [`GET /api/deliveries/${service}`, () => json(200, status(service))])),
  'GET /api/deliveries/payments': () => apiError(404, 'NOT_FOUND', 'Route GET:/api/deliveries/payments not found'),
};

async function renderDeliveries(answers: Record<string, Answer> = {}) {
  const api = fakeApi({ ...signIn(staffUser), ...allDelivered, ...answers });
  await renderAppAt(<App />, '/admin-deliveries');
  await expectPageHeading('Deliveries');
  return api;
}

const card = (name: string) => within(screen.getByRole('region', { name }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('deliveries', () => {
  it('says All clear when every message has been delivered, each service in its own card', async () => {
    await renderDeliveries();
    expect(await screen.findByText('All clear')).toBeTruthy();
    expect(screen.getByText('Every message between the services has been delivered: nothing is waiting and nothing failed.')).toBeTruthy();
    expect(card('Booking').getByText('All delivered')).toBeTruthy();
    expect(card('Payments').getByText('Sends no messages to other services.')).toBeTruthy();
    expect(Object.fromEntries(card('Tracking').getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]))).toEqual({
      Waiting: '0',
      Failed: '0',
      'Oldest waiting': '—',
    });
  });

  it('shows waiting and failed counts, the oldest waiting age, the failures, and a service that does not answer', async () => {
    await renderDeliveries({
      'GET /api/deliveries/booking': () =>
        json(
          200,
          status('booking', {
            pending: 3,
            failed: 1,
            oldestPendingSeconds: 754,
            routes: [{ to: 'tracking', topic: 'appointment.dispatch', pending: 3, failed: 1, oldestPendingSeconds: 754 }],
            recentFailures: [
              {
                messageId: '4a7c3f0e-8a61-4d7e-9a5b-0f4e2b1c9d11',
                to: 'tracking',
                topic: 'appointment.dispatch',
                state: 'retrying',
                attempts: 4,
                error: '503: tracking is restarting',
                at: '2026-03-10T18:00:00.000Z',
              },
            ],
          }),
        ),
      'GET /api/deliveries/accounts': () => new Response('Bad Gateway', { status: 502 }),
    });
    expect(await screen.findByText('Needs attention')).toBeTruthy();
    expect(screen.getByText(/^1 message failed; 3 messages waiting to be delivered; not answering: Accounts\./)).toBeTruthy();
    const booking = card('Booking');
    expect(booking.getByText('Failures')).toBeTruthy();
    expect(Object.fromEntries(booking.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]))).toEqual({
      Waiting: '3',
      Failed: '1',
      'Oldest waiting': '12 min',
    });
    const routes = within(booking.getByRole('table', { name: "Booking's messages by peer and topic" })).getAllByRole('row');
    expect(within(routes[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Tracking', 'appointment.dispatch', '3', '1', '12 min']);
    expect(booking.getByText('Mar 10, 2026, 2:00 PM EDT · to Tracking · appointment.dispatch')).toBeTruthy();
    expect(booking.getByText('Being retried after 4 attempts: 503: tracking is restarting')).toBeTruthy();
    expect(card('Accounts').getByRole('alert').textContent).toBe('The accounts service could not be asked. It answered 502.');
  });

  it('asks every service again every 10 seconds, and at once on Refresh', async () => {
    // The page asks again on an interval: a fake clock moves it on 10 s at once; timeouts (the waiting queries') stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = await renderDeliveries();
    await screen.findByText('All clear');
    api.answer('GET /api/deliveries/tracking', () => json(200, status('tracking', { pending: 2, oldestPendingSeconds: 30 })));
    act(() => vi.advanceTimersByTime(10_000));
    expect(await screen.findByText('Needs attention')).toBeTruthy();
    expect(api.sent('GET /api/deliveries/tracking')).toHaveLength(2);
    expect(card('Tracking').getByText('Waiting', { selector: 'span' })).toBeTruthy();

    api.answer('GET /api/deliveries/tracking', () => json(200, status('tracking')));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('All clear')).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/deliveries/tracking')).toHaveLength(3));
  });
});
