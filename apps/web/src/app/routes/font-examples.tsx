/** /font-examples */
export { FontExamplesPage as Component } from '../../features/site/components/font-examples-page.tsx';
