/** /appointments/:id */
export { AppointmentPage as Component } from '../../features/appointments/components/appointment-page.tsx';
