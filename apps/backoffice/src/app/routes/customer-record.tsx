/** /customers/:id (staff) */
export { CustomerRecordPage as Component } from '../../features/customers/components/customer-record-page.tsx';
