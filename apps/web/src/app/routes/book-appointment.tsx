/** /book-appointment */
export { BookingWizard as Component } from '../../features/booking/components/booking-wizard.tsx';
