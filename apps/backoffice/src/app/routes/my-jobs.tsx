/** /my-jobs */
export { MyJobsPage as Component } from '../../features/technician-jobs/components/my-jobs-page.tsx';
