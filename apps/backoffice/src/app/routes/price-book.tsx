/** /price-book (staff) */
export { PriceBookPage as Component } from '../../features/invoices/components/price-book-page.tsx';
