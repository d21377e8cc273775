/** / */
export { HomePage as Component } from '../../features/site/components/home-page.tsx';
