/** /careers */
export { CareersPage as Component } from '../../features/site/components/careers-page.tsx';
