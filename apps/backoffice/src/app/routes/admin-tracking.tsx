/** /admin-tracking */
export { AdminTrackingPage as Component } from '../../features/tracking-admin/components/admin-tracking-page.tsx';
