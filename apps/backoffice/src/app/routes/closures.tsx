/** /closures (staff) */
export { ClosuresPage as Component } from '../../features/closures/components/closures-page.tsx';
