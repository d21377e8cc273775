/** /numbers (administrators) */
export { NumbersPage as Component } from '../../features/numbers/components/numbers-page.tsx';
