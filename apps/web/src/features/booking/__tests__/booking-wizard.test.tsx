import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  appointmentAccessHeader,
  appointmentPageApi,
  authMessages,
  bookableDates,
  businessContact,
  closedDaysPath,
  currentSessionPath,
  intakeMessages,
  phoneMessages,
  photoDraftMessages,
  photoDraftPath,
  ratingPlateHelp,
  smsConsentWording,
  type Appointment,
  type AppointmentDetails,
  type ClosedDays,
  type CreateAppointmentResponse,
  type Customer,
  weekday,
} from '@repo/contracts';

import { AppProviders, toastRegionLabel } from '@repo/ui';
import { apiError, fakeApi, heldAnswer, json, type Answer, type SentRequest } from '@repo/ui/testing/api';
import { describedBy, expectFieldError, expectToast } from '@repo/ui/testing/queries';
import { BookingWizard } from '../components/booking-wizard.tsx';
import { formatMonthDay } from '../lib/calendar.ts';

const customer: Customer = {
  id: 41,
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana@example.com',
  phone: '(904) 555-0142',
  address: '12 Cordova St',
  isAdmin: false,
  emailVerified: false,
  phoneVerified: false,
  serviceProCustomerId: null,
  createdAt: '2026-01-05T14:00:00.000Z',
  lastLogin: '2026-11-20T14:00:00.000Z',
};

function booked(sent: SentRequest, customerId: number | null): CreateAppointmentResponse {
  const request = sent.body as Record<string, string>;
  const appointment: Appointment = {
    id: 12, customerId, serviceRequestId: null, customerName: request.customerName!, email: request.email!, phone: request.phone!,
    address: request.address!, city: request.city!, state: request.state!, zipCode: request.zipCode!, appointmentDate: request.appointmentDate!,
    timeSlot: request.timeSlot!, serviceType: request.serviceType!, appliance: request.appliance!, brand: request.brand!, description: null,
    status: 'scheduled', technicianId: null, technicianNotes: null, totalCost: null, confirmationCode: 'SA-ABC234', createdAt: '2026-11-22T15:00:00.000Z',
    intake: null,
    waitingForParts: null,
    visitStage: null,
  };
  return { status: 'scheduled', confirmationCode: 'SA-ABC234', appointment, manageToken: 'm.tok/en+1' };
}

let lastBooked: Appointment | null = null;

/**
 * The booking calls answered as the service would; `session` answers GET /api/auth/session (a booking with a signed-in
 * customer is linked), `book`, when given, answers the booking instead, and `closed` lists the days closed all day.
 */
function bookingApi(session: Answer, book?: Answer, closed: ClosedDays['days'] = []) {
  return fakeApi({
    [`GET ${currentSessionPath}`]: session,
    [`GET ${closedDaysPath}`]: () => json(200, { days: closed }),
    'GET /api/appointments/available-slots': ({ query }) => json(200, { date: query.get('date'), availableSlots: ['09:00-10:00', '10:00-11:00'] }),
    'POST /api/appointments': async (sent) => {
      if (book) return book(sent);
      const signedInCustomer = ((await (await session(sent)).json()) as { customer?: Customer | null }).customer;
      const answer = booked(sent, signedInCustomer?.id ?? null);
      lastBooked = answer.appointment;
      return json(201, answer);
    },
    [`GET ${appointmentPageApi.details(12)}`]: ({ headers }) => {
      if (headers.get(appointmentAccessHeader) !== 'm.tok/en+1' || !lastBooked) return apiError(404, 'NOT_FOUND', 'We could not find that appointment.');
      const details: AppointmentDetails = { appointment: lastBooked, startsAt: '', endsAt: '', canChange: true, changeCutoffHours: 24 };
      return json(200, details);
    },
  }).requests;
}
const signedIn = () => json(200, { customer });
const visitor = () => json(200, { customer: null });
const sessionCheckDown = () => apiError(503, 'SERVICE_UNAVAILABLE', authMessages.sessionCheckUnavailable);

function renderWizard(address = '/book-appointment') {
  const router = createMemoryRouter([{ path: '/book-appointment', Component: BookingWizard }, { path: '/', element: <h1>Home</h1> }], {
    initialEntries: [address],
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Picks the third date and its first time, then Repair / `appliance` / Sub-Zero on Service Details, and stops there. */
async function reachServiceDetails(appliance = 'Refrigerator') {
  const dates = within(await screen.findByRole('grid', { name: 'Choose a date' }));
  fireEvent.click(dates.getAllByRole('button', { pressed: false })[2]!);
  fireEvent.click(await within(await screen.findByRole('region', { name: 'Choose a time' })).findByRole('button', { name: '9:00 AM - 10:00 AM' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next: Service Details' }));
  fireEvent.change(await screen.findByLabelText(/^Service Type/), { target: { value: 'Repair' } });
  fireEvent.change(screen.getByLabelText(/^Appliance/), { target: { value: appliance } });
  fireEvent.change(screen.getByLabelText(/^Brand/), { target: { value: 'Sub-Zero' } });
}

/** Picks the third date and its first time, then Repair / Refrigerator / Sub-Zero, and stops at Contact Information. */
async function reachContactStep() {
  await reachServiceDetails();
  fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));
  await screen.findByRole('heading', { name: 'Contact Information' });
}

const value = (label: RegExp | string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** Fills every contact field that is still empty with a visitor's details. */
function fillContact() {
  const fill = { 'Full Name': 'Robin Alvarez', 'Phone Number': '(904) 555-0177', 'Email Address': 'robin@example.com', 'Street Address': '9 Bridge St', City: 'St Augustine', 'Zip Code': '32084' };
  for (const [label, text] of Object.entries(fill)) {
    const field = screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    if (field.value === '') fireEvent.change(field, { target: { value: text } });
  }
}

beforeEach(() => {
  // jsdom has no scrolling; the wizard scrolls to the top on each step.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  lastBooked = null;
});

describe('booking wizard and the signed-in customer', () => {
  it("fills the contact fields from a signed-in customer's account and says so; every field stays editable", async () => {
    const calls = bookingApi(signedIn);
    renderWizard();
    await reachContactStep();
    expect(screen.getByTestId('signed-in-as').textContent).toBe(
      'Signed in as Dana Whitfield (dana@example.com). We filled in what your account holds; change anything that differs for this visit.',
    );
    expect([value(/^Full Name/), value(/^Email Address/), value(/^Phone Number/), value(/^Street Address/)]).toEqual([
      'Dana Whitfield',
      'dana@example.com',
      '(904) 555-0142',
      '12 Cordova St',
    ]);
    // What the account cannot know stays for the customer to fill in.
    expect([value(/^City/), value(/^Zip Code/)]).toEqual(['', '']);
    expect(calls.filter((call) => call.path === currentSessionPath)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/^Phone Number/), { target: { value: '(904) 555-0199' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'St Augustine' } });
    fireEvent.change(screen.getByLabelText(/^Zip Code/), { target: { value: '32084' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Confirmed!' });
    const booking = calls.find((call) => call.method === 'POST')!;
    expect(booking.body).toMatchObject({ customerName: 'Dana Whitfield', email: 'dana@example.com', phone: '(904) 555-0199', address: '12 Cordova St' });
  });

  it("splits the account's address line into Street Address, City, State and Zip Code", async () => {
    bookingApi(() => json(200, { customer: { ...customer, address: '48 Cordova St, St Augustine, FL 32084' } }));
    renderWizard();
    await reachContactStep();
    await waitFor(() => expect(value(/^Street Address/)).toBe('48 Cordova St'));
    expect([value(/^City/), value(/^State/), value(/^Zip Code/)]).toEqual(['St Augustine', 'FL', '32084']);
  });

  it('shows the first step at once while the account is still being asked for, and fills in only what is still empty', async () => {
    const session = heldAnswer();
    bookingApi(session.answer);
    renderWizard();
    await reachContactStep();
    expect(screen.queryByTestId('signed-in-as')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: 'Dana W.' } });

    session.release(signedIn());
    await screen.findByTestId('signed-in-as');
    expect(value(/^Full Name/)).toBe('Dana W.');
    expect(value(/^Email Address/)).toBe('dana@example.com');
  });

  it.each([
    ['a visitor (no customer)', visitor],
    ['a failed session check (503)', sessionCheckDown],
  ])('treats %s as nothing to fill in: no toast, nothing logged', async (_case, session) => {
    const consoleError = vi.spyOn(console, 'error');
    const calls = bookingApi(session);
    renderWizard();
    await reachContactStep();
    await waitFor(() => expect(calls.some((call) => call.path === currentSessionPath)).toBe(true));
    expect(screen.queryByTestId('signed-in-as')).toBeNull();
    expect(value(/^Full Name/)).toBe('');
    expect(within(screen.getByRole('region', { name: toastRegionLabel })).queryByRole('alert')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('booking confirmation', () => {
  async function book(user: Answer) {
    bookingApi(user);
    const router = renderWizard();
    await reachContactStep();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Confirmed!' });
    await expectToast('Appointment Booked!');
    return router;
  }

  it("links a visitor to the appointment's own page on the portal through its manage link", async () => {
    await book(visitor);
    const manage = screen.getByRole('link', { name: 'Manage your appointment' });
    expect(manage.getAttribute('href')).toBe('http://localhost:8081/appointments/12#access=m.tok%2Fen%2B1');
    const note = document.getElementById(manage.getAttribute('aria-describedby')!)!.textContent;
    expect(note).toBe(
      'Your appointment has its own page: view it, reschedule or cancel it, and add it to your calendar. The link works until the day after your appointment; keep it to yourself, as anyone who has it can change the booking.',
    );
    // The confirmation itself stays as it was.
    expect(screen.getByTestId('confirmation-code').textContent).toBe('SA-ABC234');
    expect(screen.getByText("You'll receive a confirmation call from our team.")).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeDefined();
    // The review link is the business's one (contracts' businessContact), as the site's and the job-completed email's.
    expect(screen.getByRole('link', { name: /^Leave a Review/ }).getAttribute('href')).toBe(businessContact.leaveReviewUrl);
  });

  it('says the request is received and the arrival window held, the call confirms the details, and focus moves to the heading', async () => {
    const router = await book(visitor);
    const heading = screen.getByRole('heading', { name: 'Appointment Confirmed!' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/We have received your request and are holding this arrival window for you/)).toBeDefined();
    expect(screen.getByTestId('arrival-window').textContent).toMatch(/^\w+day, \w+ \d{1,2}, \d{4}, between 9:00 AM and 10:00 AM \(Eastern time\)$/);
    expect(screen.getByText('We will call you within 24 hours to confirm your appointment and go over the details.')).toBeDefined();
    // Its own address, with nothing secret in it.
    expect(router.state.location.pathname + router.state.location.search).toBe('/book-appointment?confirmed=12');
    expect(router.state.location.hash).toBe('');
  });

  it('shows the confirmation again at its address (a refresh), read with the token this tab kept', async () => {
    await book(visitor);
    cleanup();
    const calls = bookingApi(visitor);
    renderWizard('/book-appointment?confirmed=12');
    await screen.findByRole('heading', { name: 'Appointment Confirmed!' });
    expect(screen.getByTestId('confirmation-code').textContent).toBe('SA-ABC234');
    expect(screen.getByRole('link', { name: 'Manage your appointment' }).getAttribute('href')).toBe('http://localhost:8081/appointments/12#access=m.tok%2Fen%2B1');
    const read = calls.find((call) => call.path === appointmentPageApi.details(12))!;
    expect(read.headers.get(appointmentAccessHeader)).toBe('m.tok/en+1');
  });

  it('explains, in another tab without the token, how to reach the appointment', async () => {
    bookingApi(visitor);
    renderWizard('/book-appointment?confirmed=12');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We cannot show this confirmation' })).toBeDefined();
    expect(within(alert).getByRole('link', { name: '(904) 802-1998' }).getAttribute('href')).toBe('tel:+19048021998');
  });

  it('tells a signed-in customer the appointment is in their portal too', async () => {
    await book(signedIn);
    const manage = screen.getByRole('link', { name: 'Manage your appointment' });
    expect(manage.getAttribute('href')).toBe('http://localhost:8081/appointments/12#access=m.tok%2Fen%2B1');
    const note = document.getElementById(manage.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe(
      'Your appointment has its own page: view it, reschedule or cancel it, and add it to your calendar. It is also in your customer portal.',
    );
    expect(within(note).getByRole('link', { name: 'customer portal' }).getAttribute('href')).toBe('http://localhost:8081/customer-portal');
  });
});

describe('booking steps', () => {
  it('lays the dates out in weekday columns with Sundays shown closed, and explains booking versus phone hours', async () => {
    bookingApi(visitor);
    renderWizard();
    const calendar = await screen.findByRole('grid', { name: 'Choose a date' });
    expect(within(calendar).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    for (const row of within(calendar).getAllByRole('row').slice(1)) expect(within(row).getAllByRole('gridcell')).toHaveLength(7);
    const sundays = within(calendar).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell')[0]!);
    for (const sunday of sundays.filter((cell) => cell.textContent !== '')) {
      // There to be heard, and unavailable.
      expect(within(sunday).getByRole('button').getAttribute('aria-disabled')).toBe('true');
      expect(sunday.textContent).toMatch(/^\w{3} \d{1,2}SundayClosed$/);
    }
    expect(within(calendar).getAllByRole('button', { pressed: false })).toHaveLength(14);
    expect(describedBy(calendar)).toBe(
      'Online booking offers arrival windows Monday to Saturday, 8:00 AM to 5:00 PM (Eastern), up to 14 booking days ahead. Our phone line is open every day, 7:00 AM to 8:00 PM: call (904) 802-1998 for a Sunday or another time, and any time, day or night, for an emergency.',
    );
  });

  it('shows a day the business closes as closed, with its reason, and offers the other days', async () => {
    const holiday = bookableDates()[3]!;
    bookingApi(visitor, undefined, [{ date: holiday, reason: 'Thanksgiving' }]);
    renderWizard();
    const calendar = await screen.findByRole('grid', { name: 'Choose a date' });
    await waitFor(() => expect(within(calendar).getAllByRole('button', { pressed: false })).toHaveLength(13));
    const closed = within(calendar).getByText('(Thanksgiving)').closest('td')!;
    expect(within(closed).getByRole('button').getAttribute('aria-disabled')).toBe('true');
    expect(closed.textContent).toMatch(/Closed \(Thanksgiving\)$/);
    expect(within(closed).getByTitle('Thanksgiving').textContent).toBe('Closed (Thanksgiving)');
  });

  it('says why Next is disabled until a date and a time are chosen', async () => {
    bookingApi(visitor);
    renderWizard();
    const next = await screen.findByRole('button', { name: 'Next: Service Details' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(describedBy(next)).toBe('Choose a date and a time to continue.');
    fireEvent.click(within(screen.getByRole('grid', { name: 'Choose a date' })).getAllByRole('button', { pressed: false })[2]!);
    await waitFor(() => expect(describedBy(next)).toBe('Choose a time to continue.'));
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Choose a time' })).findByRole('button', { name: '9:00 AM - 10:00 AM' }));
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    expect(next.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks each empty service detail with its message and focuses the first; leaving the step takes the toast away', async () => {
    bookingApi(visitor);
    renderWizard();
    const dates = within(await screen.findByRole('grid', { name: 'Choose a date' }));
    fireEvent.click(dates.getAllByRole('button', { pressed: false })[2]!);
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Choose a time' })).findByRole('button', { name: '9:00 AM - 10:00 AM' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next: Service Details' }));
    // The step's heading takes focus first, as it does for a person moving on.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Service Details' })));
    fireEvent.change(screen.getByLabelText(/^Appliance/), { target: { value: 'Washer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));

    await expectToast('Missing Information', 'Please fill in all service details before continuing.');
    await expectFieldError(screen.getByLabelText(/^Service Type/), 'Service type is required');
    await expectFieldError(screen.getByLabelText(/^Brand/), 'Brand is required');
    expect(screen.getByLabelText(/^Appliance/).getAttribute('aria-invalid')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Service Type/)));

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Select Date & Time' });
    await waitFor(() => expect(within(screen.getByRole('region', { name: toastRegionLabel })).queryByRole('alert')).toBeNull());
  });

  it('refuses an implausible phone number under the field, and keeps the required message for an empty one', async () => {
    bookingApi(visitor);
    renderWizard();
    await reachContactStep();
    expect(screen.getByLabelText(/^Zip Code/).getAttribute('placeholder')).toBe('e.g. 32084');
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await expectFieldError(screen.getByLabelText(/^Phone Number/), phoneMessages.required);
    fireEvent.change(screen.getByLabelText(/^Phone Number/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await expectFieldError(screen.getByLabelText(/^Phone Number/), phoneMessages.invalid);
  });
});

describe('the date grid by keyboard', () => {
  /** The grid's date buttons, Sundays and closed days included, and which one Tab reaches. */
  const dayButtons = (grid: HTMLElement) => within(grid).getAllByRole('button');
  const tabStops = (grid: HTMLElement) => dayButtons(grid).filter((button) => button.tabIndex === 0);
  /** The focused element's visible date, "Nov 26", or what is focused instead. */
  const focusedDay = () => document.activeElement?.querySelector('.calendar-date')?.textContent ?? document.activeElement?.tagName;
  const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
  /** The wizard opened by a visitor: its date grid, and the first bookable date. */
  const openCalendar = async () => {
    bookingApi(visitor);
    renderWizard();
    return { grid: await screen.findByRole('grid', { name: 'Choose a date' }), first: bookableDates()[0]! };
  };

  it('is one tab stop: the first bookable date, then the chosen one', async () => {
    const { grid, first } = await openCalendar();
    expect(tabStops(grid).map((button) => button.querySelector('.calendar-date')?.textContent)).toEqual([formatMonthDay(first)]);
    const third = within(grid).getAllByRole('button', { pressed: false })[2]!;
    fireEvent.click(third);
    await waitFor(() => expect(third.getAttribute('aria-pressed')).toBe('true'));
    expect(tabStops(grid)).toEqual([third]);
  });

  it('moves a day with Left and Right and a week with Up and Down, through closed days, and stays inside the two weeks', async () => {
    const { grid, first } = await openCalendar();
    act(() => tabStops(grid)[0]!.focus());
    expect(focusedDay()).toBe(formatMonthDay(first));
    // Nothing comes before the first day: Up and Left keep focus where it is.
    press('ArrowUp');
    expect(focusedDay()).toBe(formatMonthDay(first));
    press('ArrowLeft');
    expect(focusedDay()).toBe(formatMonthDay(first));
    press('ArrowRight');
    expect(focusedDay()).toBe(formatMonthDay(addDays(first, 1)));
    // The tab stop follows focus: there is still exactly one.
    expect(tabStops(grid)).toEqual([document.activeElement]);
    press('ArrowDown');
    expect(focusedDay()).toBe(formatMonthDay(addDays(first, 8)));
    press('ArrowLeft');
    expect(focusedDay()).toBe(formatMonthDay(addDays(first, 7)));
    press('ArrowUp');
    expect(focusedDay()).toBe(formatMonthDay(first));
    // Every day on the way is reached, Sundays included: seven Rights from the first day are a week on.
    for (let step = 0; step < 7; step += 1) press('ArrowRight');
    expect(focusedDay()).toBe(formatMonthDay(addDays(first, 7)));
  });

  it('goes to the first and last day of the week with Home and End, where a Sunday is heard as closed but cannot be chosen', async () => {
    const { grid, first } = await openCalendar();
    act(() => tabStops(grid)[0]!.focus());
    // The second week lies wholly inside the window, Sunday to Saturday.
    press('ArrowDown');
    const sunday = addDays(first, 7 - weekday(first));
    press('Home');
    expect(focusedDay()).toBe(formatMonthDay(sunday));
    expect(document.activeElement!.textContent).toMatch(/SundayClosed$/);
    expect(document.activeElement!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(document.activeElement!);
    expect(within(grid).queryAllByRole('button', { pressed: true })).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Choose a time' })).toBeNull();
    press('End');
    expect(focusedDay()).toBe(formatMonthDay(addDays(sunday, 6)));
    expect(document.activeElement!.textContent).toMatch(/Saturday$/);
    // Enter and Space press the focused button, which chooses a bookable date.
    fireEvent.click(document.activeElement!);
    await within(await screen.findByRole('region', { name: 'Choose a time' })).findByRole('button', { name: '9:00 AM - 10:00 AM' });
    expect(document.activeElement!.getAttribute('aria-pressed')).toBe('true');
  });

  it('gives the tab stop back to the chosen date when focus leaves the grid', async () => {
    const { grid, first } = await openCalendar();
    act(() => tabStops(grid)[0]!.focus());
    press('ArrowDown');
    expect(focusedDay()).toBe(formatMonthDay(addDays(first, 7)));
    act(() => screen.getByRole('link', { name: '(904) 802-1998' }).focus());
    expect(tabStops(grid).map((button) => button.querySelector('.calendar-date')?.textContent)).toEqual([formatMonthDay(first)]);
  });
});

describe('SMS consent on the contact step', () => {
  const consent = () => screen.getByRole('checkbox', { name: smsConsentWording }) as HTMLInputElement;

  it('offers texts about the appointment unticked, labelled with the words booking stores, and links the SMS terms and privacy policy', async () => {
    bookingApi(visitor);
    renderWizard();
    await reachContactStep();
    expect(smsConsentWording).toMatch(/^Text me about this appointment .*Message and data rates may apply\. Reply STOP to opt out, HELP for help\.$/);
    expect(consent().checked).toBe(false);
    expect(consent().disabled).toBe(false);
    expect(consent().getAttribute('aria-invalid')).toBe('false');
    expect(describedBy(consent())).toBe(
      'Optional: the texts go to the phone number above. Read our SMS terms (opens in a new tab) and privacy policy (opens in a new tab).',
    );
    // In a new tab, so the booking under way stays as it is (jsdom drops the space before the hidden words of a name).
    for (const [name, href] of [
      [/^SMS terms ?\(opens in a new tab\)$/, '/sms-terms'],
      [/^privacy policy ?\(opens in a new tab\)$/, '/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([href, '_blank', 'noopener noreferrer']);
    }
  });

  it.each([
    [false, 'left unticked'],
    [true, 'ticked'],
  ])('sends smsConsent %s when the box is %s', async (agreed) => {
    const calls = bookingApi(visitor);
    renderWizard();
    await reachContactStep();
    fillContact();
    if (agreed) fireEvent.click(consent());
    expect(consent().checked).toBe(agreed);
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Confirmed!' });
    const booking = calls.find((call) => call.method === 'POST')!;
    expect((booking.body as { smsConsent: unknown }).smsConsent).toBe(agreed);
  });

  it('keeps the choice when the visitor goes back a step and returns', async () => {
    bookingApi(visitor);
    renderWizard();
    await reachContactStep();
    fireEvent.click(consent());
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next: Contact Info' }));
    await screen.findByRole('heading', { name: 'Contact Information' });
    expect(consent().checked).toBe(true);
  });

  it('starts the next booking unticked, as the consent is about one appointment, and keeps the contact details', async () => {
    bookingApi(visitor);
    const router = renderWizard();
    await reachContactStep();
    fillContact();
    fireEvent.click(consent());
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Confirmed!' });
    await act(() => router.navigate(-1));
    await reachContactStep();
    expect(consent().checked).toBe(false);
    expect(value(/^Full Name/)).toBe('Robin Alvarez');
  });

  it("shows the server's refusal of the consent next to the checkbox and focuses it, as the other fields do", async () => {
    const message = 'SMS consent must be true or false';
    bookingApi(visitor, () => apiError(400, 'VALIDATION_ERROR', 'Please check the highlighted fields.', { smsConsent: message }));
    renderWizard();
    await reachContactStep();
    // The step's heading takes focus first, as it does for a person arriving at the step.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Contact Information' })));
    fillContact();
    fireEvent.click(consent());
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await expectFieldError(consent(), message);
    expect(describedBy(consent())).toContain('Optional: the texts go to the phone number above.');
    await waitFor(() => expect(document.activeElement).toBe(consent()));
    fireEvent.click(consent());
    await waitFor(() => expect(consent().getAttribute('aria-invalid')).toBe('false'));
  });
});

describe('the appliance intake on Service Details', () => {
  /** The body of the one booking sent. */
  const bookingBody = (calls: SentRequest[]) => calls.find((call) => call.method === 'POST' && call.path === '/api/appointments')?.body as Record<string, unknown> | undefined;

  it('is optional and clearly skippable: nothing typed, nothing sent', async () => {
    const calls = bookingApi(visitor);
    renderWizard();
    await reachServiceDetails();
    const intake = screen.getByRole('group', { name: 'About your appliance (optional)' });
    expect(within(intake).getByText(/Skip this if it is not to hand/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));
    await screen.findByRole('heading', { name: 'Contact Information' });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(bookingBody(calls)).toBeDefined());
    expect(bookingBody(calls)).not.toHaveProperty('modelNumber');
    expect(bookingBody(calls)).not.toHaveProperty('serialNumber');
    expect(bookingBody(calls)).not.toHaveProperty('warranty');
    expect(bookingBody(calls)).not.toHaveProperty('homeWarrantyCompany');
  });

  it('says where the rating plate is for the chosen appliance, and sends the numbers upper-cased with the warranty', async () => {
    const calls = bookingApi(visitor);
    renderWizard();
    await reachServiceDetails('Dishwasher');
    const help = screen.getByText('Where to find the rating plate');
    expect(help.tagName).toBe('SUMMARY');
    expect(screen.getByTestId('rating-plate-help').textContent).toBe(`Dishwasher: ${ratingPlateHelp.Dishwasher}`);
    fireEvent.change(screen.getByLabelText(/^Appliance/), { target: { value: 'Dryer' } });
    expect(screen.getByTestId('rating-plate-help').textContent).toBe(`Dryer: ${ratingPlateHelp.Dryer}`);

    fireEvent.change(screen.getByLabelText('Model number', { exact: false }), { target: { value: '  ded4500sw  ' } });
    fireEvent.change(screen.getByLabelText('Serial number', { exact: false }), { target: { value: 'ab  12/34' } });
    const warranty = screen.getByRole('radiogroup', { name: 'Is it under a warranty?' });
    expect(within(warranty).getAllByRole('radio').map((radio) => radio.parentElement?.parentElement?.textContent)).toEqual([
      "Manufacturer's warranty", 'Home-warranty plan', 'Neither / not sure',
    ]);
    expect(screen.queryByLabelText(/^Home-warranty company/)).toBeNull();
    fireEvent.click(within(warranty).getByRole('radio', { name: 'Home-warranty plan' }));
    fireEvent.change(await screen.findByLabelText(/^Home-warranty company/), { target: { value: ' Choice Home Warranty ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));
    await screen.findByRole('heading', { name: 'Contact Information' });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(bookingBody(calls)).toBeDefined());
    expect(bookingBody(calls)).toMatchObject({ appliance: 'Dryer', modelNumber: 'DED4500SW', serialNumber: 'AB 12/34', warranty: 'home-warranty', homeWarrantyCompany: 'Choice Home Warranty' });
  });

  it('drops the plan company when the answer is not a home-warranty plan', async () => {
    const calls = bookingApi(visitor);
    renderWizard();
    await reachServiceDetails();
    fireEvent.click(screen.getByRole('radio', { name: 'Home-warranty plan' }));
    fireEvent.change(await screen.findByLabelText(/^Home-warranty company/), { target: { value: 'Choice Home Warranty' } });
    fireEvent.click(screen.getByRole('radio', { name: "Manufacturer's warranty" }));
    await waitFor(() => expect(screen.queryByLabelText(/^Home-warranty company/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));
    await screen.findByRole('heading', { name: 'Contact Information' });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(bookingBody(calls)).toBeDefined());
    expect(bookingBody(calls)).toMatchObject({ warranty: 'manufacturer' });
    expect(bookingBody(calls)).not.toHaveProperty('homeWarrantyCompany');
  });

  it('marks a number it cannot take next to its field, focuses it, and stays on the step', async () => {
    bookingApi(visitor);
    renderWizard();
    await reachServiceDetails();
    // The step's heading takes focus first, as it does for a person arriving at the step.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Service Details' })));
    const model = screen.getByLabelText('Model number', { exact: false });
    fireEvent.change(model, { target: { value: 'WRF<555>' } });
    fireEvent.change(screen.getByLabelText('Serial number', { exact: false }), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));
    await expectFieldError(model, intakeMessages.modelCharacters);
    await expectFieldError(screen.getByLabelText('Serial number', { exact: false }), intakeMessages.serialLength);
    await waitFor(() => expect(document.activeElement).toBe(model));
    expect(screen.getByRole('heading', { name: 'Service Details' })).toBeTruthy();
  });

  it("takes the visitor back to Service Details when the server refuses an intake field, with its message there", async () => {
    const message = intakeMessages.serialCharacters;
    bookingApi(visitor, () => apiError(400, 'VALIDATION_ERROR', 'Please check the highlighted fields.', { serialNumber: message }));
    renderWizard();
    await reachContactStep();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Service Details' });
    await expectFieldError(screen.getByLabelText('Serial number', { exact: false }), message);
  });
});

describe('photos on Service Details', () => {
  it('are optional; a file the browser cannot read as a photo is said on its own row and the booking goes ahead without it', async () => {
    const calls = bookingApi(visitor);
    renderWizard();
    await reachServiceDetails();
    const photos = within(screen.getByRole('region', { name: 'Photos (optional)' }));
    expect(photos.getByText(/Up to 3 photos of the rating plate or the problem/)).toBeTruthy();
    fireEvent.change(photos.getByLabelText('What it shows'), { target: { value: 'problem' } });
    fireEvent.change(photos.getByLabelText('Photo file'), { target: { files: [new File(['not a photo'], 'leak.txt', { type: 'text/plain' })] } });
    const row = within(await photos.findByRole('listitem'));
    expect(row.getByText('The problem: leak.txt')).toBeTruthy();
    expect((await row.findByRole('alert')).textContent).toBe('This file could not be read as a photo. Take the photo again, or choose a JPEG, PNG or WebP.');

    fireEvent.click(screen.getByRole('button', { name: 'Next: Contact Info' }));
    await screen.findByRole('heading', { name: 'Contact Information' });
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Confirmed!' });
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/appointments')!.body).not.toHaveProperty('photos');
    expect(calls.some((call) => call.path === photoDraftPath)).toBe(false);
  });

  it('takes the visitor back to Service Details when the booking cannot attach the photos, and says why there', async () => {
    bookingApi(visitor, () => apiError(400, 'VALIDATION_ERROR', photoDraftMessages.invalid, { photos: photoDraftMessages.invalid }));
    renderWizard();
    await reachContactStep();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await screen.findByRole('heading', { name: 'Service Details' });
    const photos = within(screen.getByRole('region', { name: 'Photos (optional)' }));
    expect((await photos.findByRole('alert')).textContent).toBe(photoDraftMessages.invalid);
  });
});
