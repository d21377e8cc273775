import { vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  backOfficeSessionPath,
  businessDate,
  businessInstant,
  type BackOfficeUser,
  type StaffAppointment,
  type StaffTechnician,
  type TechnicianJob,
  type TrackingRecord,
} from '@repo/contracts';
import { appointmentExample, staffTechnicianExample, trackingRecordExample } from '@repo/contracts/testing';
import { json, type Answer } from '@repo/ui/testing/api';

/**
 * Test stand-ins for the back office's staff and technician screens: the signed-in user, the data the API answers,
 * and the phone's geolocation (the API itself is @repo/ui's fake on MSW, the live socket its fake WebSocket). Only the
 * app's tests import this.
 */

export const staffUser: BackOfficeUser = { id: 1, name: 'Office', email: 'office@example.com', role: 'staff', technicianId: null };
export const technicianUser: BackOfficeUser = { id: 9, name: 'Sara Martinez', email: 'sara@example.com', role: 'technician', technicianId: 'tech_sara' };

/** Signs `user` in as the back office sees it: the session call answers them (the httpOnly cookie is the server's). */
export function signIn(user: BackOfficeUser): Record<string, Answer> {
  return { [`GET ${backOfficeSessionPath}`]: () => json(200, { user }) };
}

/** Types `value` into a field, as one change. */
export const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

export async function renderAppAt(app: ReactElement, path: string) {
  window.history.replaceState(null, '', path);
  return render(app);
}

/** An instant `minutes` from now, as the API writes instants. */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export function technician(overrides: Partial<StaffTechnician> = {}): StaffTechnician {
  return staffTechnicianExample({
    id: 'tech_sara',
    name: 'Sara Martinez',
    phone: '(904) 555-0122',
    specialties: ['Refrigerators', 'Ice makers'],
    status: 'available',
    currentLocation: { lat: 29.9012, lng: -81.3124, address: '48 King St, St Augustine', lastUpdated: '2026-03-10T18:35:00.000Z' },
    ...overrides,
  });
}

export function staffAppointment(overrides: Partial<StaffAppointment> = {}): StaffAppointment {
  return { ...appointmentExample({ appointmentDate: businessDate() }), scheduledTime: minutesFromNow(300), version: 1, confirmedAt: null, confirmedBy: null, cancelReason: null, callBackRequestedAt: null, jobRecord: null, warrantyClaim: null, partArrivedAt: null, ...overrides };
}

export function trackingRecord(overrides: Partial<TrackingRecord> = {}): TrackingRecord {
  return trackingRecordExample({
    technicianId: 'tech_sara',
    customerLocation: { lat: 29.8947, lng: -81.3145, address: '12 Aviles Street, St Augustine, FL 32084', precision: 'street', centreOf: null },
    progress: 40,
    ...overrides,
  });
}

export function technicianJob(overrides: Partial<TechnicianJob> = {}, tracking: Partial<TrackingRecord> = {}): TechnicianJob {
  return {
    appointmentId: '12',
    customerName: 'Pat Rivera',
    phone: '(904) 555-0142',
    address: '12 Aviles Street, St Augustine, FL 32084',
    serviceType: 'Repair',
    appliance: 'Dishwasher',
    brand: 'Bosch',
    // Today, 2 to 3 PM in St Augustine: a technician moves only a job of today (or one the office allowed today).
    scheduledStart: businessInstant(businessDate(), '14:00').toISOString(),
    scheduledEnd: businessInstant(businessDate(), '15:00').toISOString(),
    tracking: trackingRecord(tracking),
    ...overrides,
  };
}

/** The phone's geolocation: the test reports positions and errors to the page's watch. */
export function fakeGeolocation() {
  const watches = new Map<number, { success: PositionCallback; error: PositionErrorCallback | null | undefined }>();
  let nextId = 1;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, error?: PositionErrorCallback | null) => {
      const id = nextId++;
      watches.set(id, { success, error });
      return id;
    }),
    clearWatch: vi.fn((id: number) => void watches.delete(id)),
    getCurrentPosition: vi.fn((success: PositionCallback) => success(position(29.9, -81.31))),
  };
  Object.defineProperty(window.navigator, 'geolocation', { value: geolocation, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  function position(lat: number, lng: number): GeolocationPosition {
    return { coords: { latitude: lat, longitude: lng, accuracy: 5 } as GeolocationCoordinates, timestamp: Date.now() } as GeolocationPosition;
  }
  return {
    geolocation,
    watching: () => watches.size,
    report: (lat: number, lng: number) => {
      for (const { success } of watches.values()) success(position(lat, lng));
    },
    deny: () => {
      for (const { error } of watches.values()) error?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
    },
    remove: () => {
      Reflect.deleteProperty(window.navigator, 'geolocation');
    },
  };
}
