/** /admin-deliveries */
export { DeliveriesPage as Component } from '../../features/deliveries/components/deliveries-page.tsx';
