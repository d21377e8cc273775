/** /technician-tracking */
export { TrackingPage as Component } from '../../features/tracking/components/tracking-page.tsx';
