/** /appliances */
export { AppliancesPage as Component } from '../../features/appliances/components/appliances-page.tsx';
