import { appointmentAccessHeader } from '@repo/contracts';
import { apiDocumentSuite } from '@repo/service-kit/test-service';
import { bookSlot, buildBooking } from './helpers.ts';

// Monday 23 November 2026, 10:00 Eastern.
const now = () => new Date('2026-11-23T15:00:00Z');
const pageOperations = [
  'getCustomerAppointmentsById',
  'putCustomerAppointmentsByIdReschedule',
  'postCustomerAppointmentsByIdCancel',
  'getCustomerAppointmentsByIdCalendarIcs',
];

apiDocumentSuite({
  service: 'booking',
  start: () => buildBooking(now),
  // The appointment page's access check looks the appointment up before the input is read: each call holds the link
  // of an appointment of its own (a cancel through the text body must not spoil another's).
  fixtures: async (service) => {
    const slots = ['09:00-10:00', '10:00-11:00', '11:00-12:00', '13:00-14:00'];
    const fixtures = await Promise.all(pageOperations.map(async (operationId, index) => {
      const { id, manageToken } = await bookSlot(service, '2026-11-25', slots[index]!);
      return [operationId, { as: 'anonymous' as const, params: { id: String(id) }, headers: { [appointmentAccessHeader]: manageToken } }] as const;
    }));
    return Object.fromEntries(fixtures);
  },
  acceptedWarnings: {
    'no-ambiguous-paths #/paths/~1api~1appointments~1closures~1{date}':
      "Beside /api/appointments/{id}/…: an appointment's id is digits only, so 'closures' is never taken for one (and the router matches the fixed segment first).",
    'no-ambiguous-paths #/paths/~1api~1appointments~1{id}~1photos':
      "Beside /api/appointments/closures/{date}: an appointment's id is digits only, so 'closures' is never taken for one (and the router matches the fixed segment first).",
  },
});
