/** /technician-management */
export { TechnicianManagementPage as Component } from '../../features/tracking-admin/components/technician-management-page.tsx';
