import { lazy, Suspense, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';

// The job record's forms load only when a technician opens them.
const JobRecordPanel = lazy(() => import('./job-record-panel.tsx'));

/** The job record (model, serial, diagnosis, parts, waiting for parts), behind one button so the list stays short. */
export function JobRecordToggle({ appointmentId, customerName }: { appointmentId: string; customerName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `job-record-${appointmentId}`;
  return (
    <Stack gap="sm">
      <Button variant="default" size="md" fullWidth aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide job record' : 'Job record'}
      </Button>
      {open ? (
        <section id={panelId} aria-label={`Job record for ${customerName}`}>
          <Suspense fallback={<Text>Loading the job record…</Text>}>
            <JobRecordPanel appointmentId={appointmentId} />
          </Suspense>
        </section>
      ) : null}
    </Stack>
  );
}
