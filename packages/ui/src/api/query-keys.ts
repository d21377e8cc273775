/**
 * The query keys of the appointment calls both customer apps make. A key starts with the call's path, so a prefix
 * covers every key below it: invalidating `allAvailableSlots` refreshes every date's free slots, and
 * `customerAppointments` covers every appointment's details too.
 */
const availableSlotsPath = '/api/appointments/available-slots';
const customerAppointmentsPath = '/api/customer/appointments';

export const appointmentQueryKeys = {
  allAvailableSlots: [availableSlotsPath] as const,
  availableSlots: (date: string) => [availableSlotsPath, date] as const,
  /** The signed-in customer's own appointments (GET /api/customer/appointments). */
  customerAppointments: [customerAppointmentsPath] as const,
  details: (id: number) => [customerAppointmentsPath, id] as const,
};
