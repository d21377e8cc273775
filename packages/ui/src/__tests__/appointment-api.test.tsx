import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointmentPageApi, type AppointmentDetails } from '@repo/contracts';
import { appointmentExample } from '@repo/contracts/testing';
import {
  appointmentAccessHeaders,
  appointmentQueryKeys,
  calendarFileName,
  useAppointmentDetails,
  useAvailableSlots,
  useDownloadCalendar,
} from '../api/index.ts';
import { AppProviders } from '../app-providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { apiError, fakeApi, json } from '../testing/api.ts';
import { expectToast } from '../testing/queries.ts';

/** An app's providers (cache with the apps' defaults, toasts) around a query client the test can read. */
function wrapper() {
  const client = createQueryClient();
  return { client, wrapper: ({ children }: { children: ReactNode }) => <AppProviders queryClient={client}>{children}</AppProviders> };
}

const slotsPath = 'GET /api/appointments/available-slots';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('appointment query keys', () => {
  it('start with the call path, so one prefix covers every date or every appointment', () => {
    expect(appointmentQueryKeys.availableSlots('2026-03-11')).toEqual(['/api/appointments/available-slots', '2026-03-11']);
    expect(appointmentQueryKeys.availableSlots('2026-03-11').slice(0, 1)).toEqual(appointmentQueryKeys.allAvailableSlots);
    expect(appointmentQueryKeys.details(12)).toEqual(['/api/customer/appointments', 12]);
    expect(appointmentQueryKeys.details(12).slice(0, 1)).toEqual(appointmentQueryKeys.customerAppointments);
  });

  it('sends a link token as X-Appointment-Access, and no header without one', () => {
    expect(appointmentAccessHeaders('tok')).toEqual({ 'x-appointment-access': 'tok' });
    expect(appointmentAccessHeaders(undefined)).toBeUndefined();
  });
});

describe('useAvailableSlots', () => {
  it('asks nothing until a date is chosen, then the free slots of that date', async () => {
    const api = fakeApi({ [slotsPath]: ({ query }) => json(200, { date: query.get('date'), availableSlots: ['09:00-10:00'] }) });
    const { wrapper: Wrapper } = wrapper();
    const { result, rerender } = renderHook(({ date }: { date: string | null }) => useAvailableSlots(date), { wrapper: Wrapper, initialProps: { date: null as string | null } });
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ date: '2026-03-11' });
    await waitFor(() => expect(result.current.data).toEqual({ date: '2026-03-11', availableSlots: ['09:00-10:00'] }));
    expect(api.sent(slotsPath).map((sent) => sent.query.get('date'))).toEqual(['2026-03-11']);
  });

  it("keeps a date's slots for the client's stale time, or asks again on each mount with staleTime 0", async () => {
    const api = fakeApi({ [slotsPath]: ({ query }) => json(200, { date: query.get('date'), availableSlots: [] }) });
    const { wrapper: Wrapper } = wrapper();
    const mountTwice = async (staleTime?: number) => {
      for (let mount = 0; mount < 2; mount += 1) {
        const { result, unmount } = renderHook(() => useAvailableSlots('2026-03-12', { staleTime }), { wrapper: Wrapper });
        await waitFor(() => expect(result.current.isFetching).toBe(false));
        unmount();
      }
    };
    await mountTwice();
    expect(api.sent(slotsPath)).toHaveLength(1);
    await mountTwice(0);
    expect(api.sent(slotsPath)).toHaveLength(3);
  });
});

describe('useAppointmentDetails', () => {
  const details: AppointmentDetails = { appointment: appointmentExample({ id: 12 }), startsAt: '', endsAt: '', canChange: true, changeCutoffHours: 24 };

  it("sends the link's token, or only the session cookie for the owner, under the appointment's key", async () => {
    const api = fakeApi({ [`GET ${appointmentPageApi.details(12)}`]: () => json(200, details) });
    const { client, wrapper: Wrapper } = wrapper();
    const { result } = renderHook(() => useAppointmentDetails(12, 'manage/tok'), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data).toEqual(details));
    expect(client.getQueryData(appointmentQueryKeys.details(12))).toEqual(details);
    client.clear();
    renderHook(() => useAppointmentDetails(12, undefined), { wrapper: Wrapper });
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests.map((sent) => [sent.headers.get('x-appointment-access'), sent.credentials])).toEqual([
      ['manage/tok', 'include'],
      [null, 'include'],
    ]);
  });
});

describe('useDownloadCalendar', () => {
  const calendarPath = `GET ${appointmentPageApi.calendar(12)}`;

  function captureDownloads() {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:calendar', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return saved;
  }

  it("saves the file under the server's name when it is a plain one, else appointment-<id>.ics", async () => {
    const saved = captureDownloads();
    const names = ['attachment; filename="appointment-SA-12345.ics"', 'attachment; filename="../evil name.ics"'];
    const api = fakeApi({ [calendarPath]: () => new Response('BEGIN:VCALENDAR', { headers: { 'Content-Disposition': names.shift()! } }) });
    const { wrapper: Wrapper } = wrapper();
    const { result } = renderHook(() => useDownloadCalendar(), { wrapper: Wrapper });
    await act(() => result.current.mutateAsync({ id: 12, accessToken: 'tok' }));
    await act(() => result.current.mutateAsync({ id: 12, accessToken: 'tok' }));
    expect(saved).toEqual(['appointment-SA-12345.ics', calendarFileName(12)]);
    expect(calendarFileName(12)).toBe('appointment-12.ics');
    expect(api.sent(calendarPath).map((sent) => sent.headers.get('x-appointment-access'))).toEqual(['tok', 'tok']);
  });

  it('tells a failure in a toast, with the API message when there is one', async () => {
    fakeApi({ [calendarPath]: () => apiError(403, 'FORBIDDEN', 'This link cannot open the calendar.') });
    const { wrapper: Wrapper } = wrapper();
    const { result } = renderHook(() => useDownloadCalendar(), { wrapper: Wrapper });
    act(() => result.current.mutate({ id: 12, accessToken: 'tok' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    await expectToast('Download Failed', 'This link cannot open the calendar.');
  });
});
