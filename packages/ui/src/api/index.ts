export { appointmentAccessHeaders } from './appointment-access.ts';
export { appointmentDetailsQuery, fetchAppointmentDetails, useAppointmentDetails } from './appointment-details.ts';
export { availableSlotsQuery, fetchAvailableSlots, useAvailableSlots, type AvailableSlotsOptions } from './available-slots.ts';
export { useClosedDays } from './closed-days.ts';
export { calendarFileName, downloadCalendar, useDownloadCalendar } from './calendar.ts';
export { appointmentQueryKeys } from './query-keys.ts';
