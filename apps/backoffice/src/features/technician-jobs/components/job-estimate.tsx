import { lazy, Suspense, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';

// The estimate screens (and the signature pad) load only when a technician opens one.
const EstimatePanel = lazy(() => import('./estimate-panel.tsx'));

/** The job's estimate, behind one button so the job list stays short on a phone. */
export function JobEstimate({ appointmentId, customerName }: { appointmentId: number; customerName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `estimate-${appointmentId}`;
  return (
    <Stack gap="sm">
      <Button variant="default" size="md" fullWidth aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide estimate' : 'Estimate'}
      </Button>
      {open ? (
        <section id={panelId} aria-label={`Estimate for ${customerName}`}>
          <Suspense fallback={<Text>Loading the estimate…</Text>}>
            <EstimatePanel appointmentId={appointmentId} />
          </Suspense>
        </section>
      ) : null}
    </Stack>
  );
}
