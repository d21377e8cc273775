import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentPageMessages, bookableDates, business, closedDaysPath, estimatePaths, slotTakenMessage, waitingForPartsWords, type AppointmentDetails, type Estimate } from '@repo/contracts';
import { expectDocumentTitle, expectFieldError, expectPageHeading, expectToast } from '@repo/ui/testing/queries';
import { App } from '../index.tsx';
import { apiError, fakeApi, heldAnswer, json, type Answer } from '@repo/ui/testing/api';
import { appointmentDetails } from './support/fixtures.ts';

const detailsPath = 'GET /api/customer/appointments/12';

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  render(<App />);
}

async function renderAppointment(details: AppointmentDetails, address = '/appointments/12', more: Record<string, Answer> = {}) {
  const api = fakeApi({ [detailsPath]: () => json(200, details), [`GET ${closedDaysPath}`]: () => json(200, { days: [] }), ...more });
  renderAt(address);
  await expectPageHeading('Bosch Dishwasher – Repair');
  await shownInFull();
  return api;
}

/** The page's lower part (estimate, photos, links, changes) renders just after the heading and arrival window. */
const shownInFull = () => screen.findByRole('heading', { level: 2, name: 'Change this appointment' });

const statusLine = () => screen.getByTestId('appointment-status');

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/**
 * The text of a Blob. Under jsdom, Node 24's fetch hands back jsdom's Blob, which has no text(); jsdom's FileReader
 * reads it. Node 20 hands back its own Blob, which has text().
 */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the Blob could not be read'));
    reader.readAsText(blob);
  });
}

describe('appointment page: the owner', () => {
  it('says the visit waits for a part: beside the status, and which part, its number and the day it is expected', async () => {
    await renderAppointment(appointmentDetails({}, {
      status: 'completed',
      waitingForParts: { part: 'Drain pump', partNumber: '00620774', expectedOn: '2026-03-16', since: '2026-03-10T18:40:00.000Z' },
    }));
    expect(statusLine().textContent).toBe(`Status:Completed${waitingForPartsWords.title}`);
    const notice = within(screen.getByTestId('waiting-for-parts'));
    expect(notice.getByText(waitingForPartsWords.body.replace('{part}', 'Drain pump').replace('{date}', 'Mar 16, 2026'))).toBeTruthy();
    expect(notice.getByText(`${waitingForPartsWords.partNumber}: 00620774`)).toBeTruthy();
  });

  it("shows the visit's stage as its status while the technician is on the way or there, as the tracking page does", async () => {
    await renderAppointment(appointmentDetails({}, { status: 'confirmed', visitStage: 'en-route' }));
    expect(statusLine().textContent).toBe('Status:On The Way');
    cleanup();
    await renderAppointment(appointmentDetails({}, { status: 'scheduled', visitStage: 'arrived' }));
    expect(statusLine().textContent).toBe('Status:Arrived');
  });

  it('says nothing of parts while the visit waits for none', async () => {
    await renderAppointment(appointmentDetails());
    expect(statusLine().textContent).toBe('Status:Scheduled');
    expect(screen.queryByTestId('waiting-for-parts')).toBeNull();
  });

  it('shows the status, the arrival window in Eastern time and the details, sending no access header', async () => {
    const api = await renderAppointment(appointmentDetails({}, { totalCost: '245.00', technicianNotes: 'Bring a gasket' }));
    await expectDocumentTitle('Appointment #12 | St Augustine Appliance Repair');
    expect(screen.getByText('Appointment #12')).toBeTruthy();
    expect(statusLine().textContent).toBe('Status:Scheduled');
    expect(screen.getByText('Tuesday, March 10, 2026, 2:00 PM – 3:00 PM EDT')).toBeTruthy();
    expect(screen.getByText('Mar 10, 2026, 2:00 PM - 3:00 PM (Eastern time)')).toBeTruthy();
    const facts = Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      Service: 'Repair',
      Appliance: 'Bosch Dishwasher',
      Address: '12 Aviles Street, St Augustine, FL 32084',
      'Confirmation code': 'SA-12345',
      Cost: '$245.00',
      Description: 'Leaks at the door',
      'Technician notes': 'Bring a gasket',
    });
    expect(api.sent(detailsPath)[0]?.headers.get('x-appointment-access')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your portal' }).getAttribute('href')).toBe('/customer-portal');
  });

  it('offers the calendar file as a plain link, the payment page filled in, and no tracking before a technician is assigned', async () => {
    await renderAppointment(appointmentDetails({}, { totalCost: '245.00' }));
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('href')).toBe('/api/customer/appointments/12/calendar.ics');
    expect(calendar.getAttribute('download')).toBe('appointment-12.ics');
    const pay = new URL(screen.getByRole('link', { name: 'Pay balance ($245.00)' }).getAttribute('href') ?? '');
    expect(`${pay.origin}${pay.pathname}`).toBe('http://localhost:8080/payment');
    expect(pay.searchParams.get('amount')).toBe('245.00');
    expect(pay.searchParams.get('description')).toBe('Repair Dishwasher #12');
    expect(screen.queryByRole('link', { name: 'Track technician' })).toBeNull();
    expect(screen.getByText('Tracking opens once a technician is assigned to your appointment.')).toBeTruthy();
    expect(screen.queryByLabelText('Share tracking link')).toBeNull();
  });

  it('has no Pay balance without a cost, and links Track technician and a shareable tracking address once assigned', async () => {
    await renderAppointment(appointmentDetails({ trackToken: 'track/tok' }, { technicianId: 'tech-3' }));
    expect(screen.queryByRole('link', { name: /Pay balance/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Track technician' }).getAttribute('href')).toBe('/technician-tracking?appointment=12');
    expect((screen.getByLabelText('Share tracking link') as HTMLInputElement).value).toBe(
      'http://localhost:8081/technician-tracking?appointment=12#access=track%2Ftok',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('replaces reschedule and cancel with the reason and the phone number when changes are closed', async () => {
    const reason = appointmentPageMessages.pastCutoff.replace('{hours}', '24').replace('{phone}', business.phoneDisplay);
    await renderAppointment(appointmentDetails({ canChange: false, changeBlockedReason: reason }, { status: 'completed' }));
    // No technician will come to a finished appointment, so no word about tracking either.
    expect(screen.queryByText(/Tracking opens/)).toBeNull();
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByRole('link', { name: `Call ${business.phoneDisplay}` }).getAttribute('href')).toBe(`tel:${business.phoneTel}`);
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move appointment' })).toBeNull();
    expect(screen.queryByLabelText(/^New date/)).toBeNull();
  });
});

describe('appointment page: reschedule', () => {
  const dateSelect = () => screen.getByLabelText(/^New date/) as HTMLSelectElement;

  it('shows a day the business closes, with its reason, as a date that cannot be chosen', async () => {
    const holiday = bookableDates()[2]!;
    await renderAppointment(appointmentDetails(), '/appointments/12', { [`GET ${closedDaysPath}`]: () => json(200, { days: [{ date: holiday, reason: 'Christmas Day' }] }) });
    await waitFor(() => expect(Array.from(dateSelect().options).filter((option) => option.disabled).map((option) => option.value)).toEqual([holiday]));
    const closed = Array.from(dateSelect().options).find((option) => option.value === holiday)!;
    expect(closed.textContent).toMatch(/ \(closed: Christmas Day\)$/);
    expect(Array.from(dateSelect().options).slice(1).filter((option) => !option.disabled)).toHaveLength(13);
  });

  it('asks for a date first, then loads that date’s free times and moves the appointment, focusing the new status', async () => {
    const moved = heldAnswer();
    const api = await renderAppointment(appointmentDetails(), '/appointments/12', {
      'GET /api/appointments/available-slots': (request) =>
        json(200, { date: request.query.get('date'), availableSlots: ['09:00-10:00', '13:00-14:00'] }),
      'PUT /api/customer/appointments/12/reschedule': moved.answer,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move appointment' }));
    await expectFieldError(dateSelect(), 'Date is required');
    expect(screen.queryByText('Time slot is required')).toBeNull();

    const options = Array.from(dateSelect().options).slice(1);
    expect(options).toHaveLength(14);
    const chosen = options[1]!;
    fireEvent.change(dateSelect(), { target: { value: chosen.value } });
    fireEvent.click(screen.getByRole('button', { name: 'Move appointment' }));
    await expectFieldError(await screen.findByRole('radiogroup'), 'Time slot is required');
    expect(api.sent('GET /api/appointments/available-slots')[0]?.query.get('date')).toBe(chosen.value);

    fireEvent.click(screen.getByLabelText('1:00 PM - 2:00 PM'));
    fireEvent.click(screen.getByRole('button', { name: 'Move appointment' }));
    expect(await screen.findByRole('button', { name: 'Moving appointment...' })).toHaveProperty('disabled', true);
    expect(api.sent('PUT /api/customer/appointments/12/reschedule')[0]?.body).toEqual({ appointmentDate: chosen.value, timeSlot: '13:00-14:00' });

    // The answer is the appointment as it now is: the page shows it without reading it again.
    moved.release(
      json(200, appointmentDetails({ startsAt: '2026-03-11T13:00:00-04:00', endsAt: '2026-03-11T14:00:00-04:00' }, { appointmentDate: '2026-03-11', timeSlot: '13:00-14:00', status: 'confirmed' })),
    );
    await expectToast('Appointment Rescheduled', appointmentPageMessages.rescheduled);
    await waitFor(() => expect(statusLine().textContent).toBe('Status:Confirmed'));
    await waitFor(() => expect(document.activeElement).toBe(statusLine()));
    expect(screen.getByText('Wednesday, March 11, 2026, 1:00 PM – 2:00 PM EDT')).toBeTruthy();
    expect(dateSelect().value).toBe('');
    expect(api.sent(detailsPath)).toHaveLength(1);
  });

  it('shows a refusal (409) next to the time and reads the free times again', async () => {
    const api = await renderAppointment(appointmentDetails(), '/appointments/12', {
      'GET /api/appointments/available-slots': (request) => json(200, { date: request.query.get('date'), availableSlots: ['09:00-10:00'] }),
      'PUT /api/customer/appointments/12/reschedule': () => apiError(409, 'CONFLICT', slotTakenMessage),
    });
    const date = Array.from(dateSelect().options)[1]!.value;
    fireEvent.change(dateSelect(), { target: { value: date } });
    fireEvent.click(await screen.findByLabelText('9:00 AM - 10:00 AM'));
    fireEvent.click(screen.getByRole('button', { name: 'Move appointment' }));
    await expectFieldError(screen.getByRole('radiogroup'), slotTakenMessage);
    await waitFor(() => expect(api.sent('GET /api/appointments/available-slots')).toHaveLength(2));
    await waitFor(() => expect(api.sent(detailsPath)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Move appointment' })).toHaveProperty('disabled', false);
  });

  it('says why a date has no free times', async () => {
    await renderAppointment(appointmentDetails(), '/appointments/12', {
      'GET /api/appointments/available-slots': () => json(200, { date: 'x', availableSlots: [], reason: 'That day is fully booked. Please choose another date.' }),
    });
    fireEvent.change(dateSelect(), { target: { value: Array.from(dateSelect().options)[1]!.value } });
    expect(await screen.findByText('That day is fully booked. Please choose another date.')).toBeTruthy();
  });
});

describe('appointment page: cancel', () => {
  it('asks in a dialog that starts on Keep appointment and closes with Escape, changing nothing', async () => {
    const api = await renderAppointment(appointmentDetails());
    const opener = screen.getByRole('button', { name: 'Cancel appointment' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(within(dialog).getByText('Your Dishwasher appointment on Mar 10, 2026, 2:00 PM - 3:00 PM will be cancelled.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep appointment' })));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/customer/appointments/12/cancel')).toHaveLength(0);
  });

  it('cancels on confirmation, then shows the new status with focus on it and changes closed', async () => {
    const api = await renderAppointment(appointmentDetails(), '/appointments/12', {
      'POST /api/customer/appointments/12/cancel': () =>
        json(200, appointmentDetails({ canChange: false, changeBlockedReason: appointmentPageMessages.alreadyCancelled }, { status: 'cancelled' })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await expectToast('Appointment Cancelled', appointmentPageMessages.cancelled);
    await waitFor(() => expect(statusLine().textContent).toBe('Status:Cancelled'));
    await waitFor(() => expect(document.activeElement).toBe(statusLine()));
    expect(screen.getByText(appointmentPageMessages.alreadyCancelled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(api.sent('POST /api/customer/appointments/12/cancel')).toHaveLength(1);
  });

  it('shows a refusal inside the dialog', async () => {
    const reason = appointmentPageMessages.notChangeable.replace('{phone}', business.phoneDisplay);
    await renderAppointment(appointmentDetails(), '/appointments/12', {
      'POST /api/customer/appointments/12/cancel': () => apiError(409, 'CONFLICT', reason),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(reason);
  });
});

describe('appointment page: manage link', () => {
  it('reads the token from the fragment, sends it as X-Appointment-Access, keeps it for this appointment and clears the address bar', async () => {
    const api = await renderAppointment(appointmentDetails({ trackToken: 'track-tok' }, { technicianId: 'tech-3' }), '/appointments/12#access=manage%2Ftok');
    expect(api.sent(detailsPath)[0]?.headers.get('x-appointment-access')).toBe('manage/tok');
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.pathname).toBe('/appointments/12');
    expect(window.sessionStorage.getItem('appointment-access:12')).toBe('manage/tok');
    expect(screen.queryByRole('link', { name: 'Back to your portal' })).toBeNull();
    // A link holder has no session: the tracking page opens with the track token.
    expect(screen.getByRole('link', { name: 'Track technician' }).getAttribute('href')).toBe('/technician-tracking?appointment=12#access=track-tok');
  });

  it('uses the token kept earlier in this tab after a reload, and sends it with changes', async () => {
    window.sessionStorage.setItem('appointment-access:12', 'kept-tok');
    const api = await renderAppointment(appointmentDetails(), '/appointments/12', {
      'POST /api/customer/appointments/12/cancel': () => json(200, appointmentDetails({ canChange: false }, { status: 'cancelled' })),
    });
    expect(api.sent(detailsPath)[0]?.headers.get('x-appointment-access')).toBe('kept-tok');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.sent('POST /api/customer/appointments/12/cancel')).toHaveLength(1));
    expect(api.sent('POST /api/customer/appointments/12/cancel')[0]?.headers.get('x-appointment-access')).toBe('kept-tok');
  });

  it('downloads the calendar file with the header, since a plain link could not send it', async () => {
    // jsdom has no object URLs and cannot download; the saved file and the link's click are watched instead.
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:calendar';
    };
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('appointment-SA-12345.ics');
      expect(this.href).toBe('blob:calendar');
    });
    const api = await renderAppointment(appointmentDetails(), '/appointments/12#access=tok', {
      'GET /api/customer/appointments/12/calendar.ics': () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/calendar', 'Content-Disposition': 'attachment; filename="appointment-SA-12345.ics"' },
        }),
    });
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(api.sent('GET /api/customer/appointments/12/calendar.ics')[0]?.headers.get('x-appointment-access')).toBe('tok');
    expect(await blobText(created[0]!)).toContain('BEGIN:VCALENDAR');
    clicked.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("shows the visit's presented estimate through the link, downloads its PDF and answers it by typed name, with the header", async () => {
    const estimate: Estimate = {
      id: 31, appointmentId: 12, version: 1, status: 'sent', customerName: 'Pat Homeowner',
      lines: [{ position: 1, priceBookItemId: null, kind: null, description: 'Replace drain pump', quantity: 1, unitPriceCents: 18_900, taxable: true, amountCents: 18_900 }],
      subtotalCents: 18_900, taxCents: 1_229, totalCents: 20_129, tax: { stateBps: 600, surtaxBps: 50, surtaxCapCents: 500_000 },
      sentAt: '2026-03-10T18:00:00.000Z', decision: null, replacedById: null, invoiceId: null, invoiceNumber: null,
      createdAt: '2026-03-10T17:50:00.000Z', updatedAt: '2026-03-10T18:00:00.000Z',
    };
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:estimate';
    };
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('estimate-31.pdf');
    });
    const api = await renderAppointment(appointmentDetails(), '/appointments/12#access=tok', {
      [`GET ${estimatePaths.ofAppointment(12)}`]: () => json(200, { items: [estimate] }),
      [`GET ${estimatePaths.pdf(31)}`]: () => new Response('%PDF-1.3 estimate', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="estimate-31.pdf"' } }),
      [`POST ${estimatePaths.approve(31)}`]: () =>
        json(200, { ...estimate, status: 'approved', decision: { outcome: 'approved', at: '2026-03-10T18:05:00.000Z', signerName: 'Pat Homeowner', signature: null, recordedBy: 'customer' } }),
    });
    const card = within(await screen.findByRole('region', { name: 'Your estimate' }));
    expect(card.getByText('Replace drain pump')).toBeTruthy();
    expect(card.getByText(/^Draw your signature if you can; if not, your typed name and this appointment’s own link, which we sent only to you, stand as your signature\.$/)).toBeTruthy();
    expect(api.sent(`GET ${estimatePaths.ofAppointment(12)}`)[0]?.headers.get('x-appointment-access')).toBe('tok');
    fireEvent.click(card.getByRole('button', { name: 'Download the estimate (PDF)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(api.sent(`GET ${estimatePaths.pdf(31)}`)[0]?.headers.get('x-appointment-access')).toBe('tok');
    expect(await blobText(created[0]!)).toBe('%PDF-1.3 estimate');
    clicked.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');

    fireEvent.change(card.getByLabelText('Name of the person signing'), { target: { value: 'Pat Homeowner' } });
    fireEvent.click(card.getByRole('button', { name: 'Approve estimate' }));
    await waitFor(() => expect(api.sent(`POST ${estimatePaths.approve(31)}`)).toHaveLength(1));
    const sent = api.sent(`POST ${estimatePaths.approve(31)}`)[0]!;
    expect(sent.headers.get('x-appointment-access')).toBe('tok');
    expect(sent.body).toEqual({ signerName: 'Pat Homeowner', signature: null });
  });

  it('says the link has expired (401) and offers the login, forgetting the token', async () => {
    const api = fakeApi({ [detailsPath]: () => apiError(401, 'UNAUTHORIZED', 'Expired') });
    renderAt('/appointments/12#access=old-tok');
    await expectPageHeading('Link expired');
    expect(screen.getByText(appointmentPageMessages.linkExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(window.sessionStorage.getItem('appointment-access:12')).toBeNull());
    expect(api.sent(detailsPath)).toHaveLength(1);
  });
});

describe('appointment page: errors', () => {
  it('sends the holder of a track link (403) on to the tracking page, with the link', async () => {
    fakeApi({ [detailsPath]: () => apiError(403, 'FORBIDDEN', appointmentPageMessages.trackOnly) });
    renderAt('/appointments/12#access=track-tok');
    await expectPageHeading('Tracking link');
    expect(screen.getByText(appointmentPageMessages.trackOnly)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the tracking page' }).getAttribute('href')).toBe('/technician-tracking?appointment=12#access=track-tok');
    await waitFor(() => expect(window.sessionStorage.getItem('appointment-access:12')).toBeNull());
  });

  it('shows the 404 card for an id the server would refuse, without asking it', async () => {
    const api = fakeApi({});
    renderAt('/appointments/2147483648');
    await expectPageHeading('Page Not Found');
    expect(screen.getByRole('link', { name: 'Go to your portal' }).getAttribute('href')).toBe('/customer-portal');
    expect(api.requests).toHaveLength(0);
  });

  it('asks a visitor without a session or link to log in', async () => {
    fakeApi({ [detailsPath]: () => apiError(401, 'UNAUTHORIZED', 'Authentication required') });
    renderAt('/appointments/12');
    await expectPageHeading('Please log in');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows a not-found card with a link to the portal for an unknown (or another customer’s) appointment', async () => {
    fakeApi({ [detailsPath]: () => apiError(404, 'NOT_FOUND', 'Appointment not found') });
    renderAt('/appointments/12');
    await expectPageHeading('Appointment not found');
    expect(screen.getByText(appointmentPageMessages.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your portal' }).getAttribute('href')).toBe('/customer-portal');
  });

  it('offers Try Again when the appointment cannot be loaded', async () => {
    const api = fakeApi({ [detailsPath]: () => apiError(503, 'SERVICE_UNAVAILABLE', 'Booking is restarting. Please try again.') });
    renderAt('/appointments/12');
    expect((await screen.findByRole('alert')).textContent).toContain('Booking is restarting. Please try again.');
    api.answer(detailsPath, () => json(200, appointmentDetails()));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await expectPageHeading('Bosch Dishwasher – Repair');
  });
});
