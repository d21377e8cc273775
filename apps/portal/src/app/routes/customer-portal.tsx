/** /customer-portal */
export { CustomerPortalPage as Component } from '../../features/customer-portal/components/customer-portal-page.tsx';
