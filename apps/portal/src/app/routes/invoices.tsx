/** /invoices */
export { InvoicesPage as Component } from '../../features/invoices/components/invoices-page.tsx';
