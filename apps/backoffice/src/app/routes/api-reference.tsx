/** /api-reference */
export { ApiReferencePage as Component } from '../../features/api-reference/components/api-reference-page.tsx';
