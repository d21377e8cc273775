/** /invoices/:id (staff) */
export { InvoicePage as Component } from '../../features/invoices/components/invoice-page.tsx';
