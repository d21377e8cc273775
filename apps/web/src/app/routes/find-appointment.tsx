/** /find-appointment */
export { FindAppointmentPage as Component } from '../../features/find-appointment/components/find-appointment-page.tsx';
