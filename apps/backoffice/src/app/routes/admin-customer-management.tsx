/** /admin-customer-management */
export { CustomerManagementPage as Component } from '../../features/customers/components/customer-management-page.tsx';
