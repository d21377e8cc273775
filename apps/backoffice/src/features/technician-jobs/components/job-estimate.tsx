import { lazy } from 'react';
import { JobDisclosure } from './job-disclosure.tsx';

// The estimate screens (and the signature pad) load only when a technician opens one.
const EstimatePanel = lazy(() => import('./estimate-panel.tsx'));

/** The job's estimate, behind one button so the job list stays short on a phone. */
export function JobEstimate({ appointmentId, customerName }: { appointmentId: number; customerName: string }) {
  return (
    <JobDisclosure label="Estimate" panelId={`estimate-${appointmentId}`} regionLabel={`Estimate for ${customerName}`} loading="Loading the estimate…">
      <EstimatePanel appointmentId={appointmentId} />
    </JobDisclosure>
  );
}
