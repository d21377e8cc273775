import { lazy } from 'react';
import { JobDisclosure } from './job-disclosure.tsx';

// The job record's forms load only when a technician opens them.
const JobRecordPanel = lazy(() => import('./job-record-panel.tsx'));

/** The job record (model, serial, diagnosis, parts, waiting for parts), behind one button so the list stays short. */
export function JobRecordToggle({ appointmentId, customerName }: { appointmentId: string; customerName: string }) {
  return (
    <JobDisclosure label="Job record" panelId={`job-record-${appointmentId}`} regionLabel={`Job record for ${customerName}`} loading="Loading the job record…">
      <JobRecordPanel appointmentId={appointmentId} />
    </JobDisclosure>
  );
}
