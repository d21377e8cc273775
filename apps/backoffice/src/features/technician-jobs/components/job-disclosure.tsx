import { Suspense, useState, type ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';

type JobDisclosureProps = {
  /** The button's word when closed ("Estimate"); open, it says "Hide estimate". */
  label: string;
  /** The id of the region the button opens. */
  panelId: string;
  /** The region's name ("Estimate for Pat Rivera"). */
  regionLabel: string;
  /** Said while the part's code loads. */
  loading: string;
  /** A lazily loaded part: its code is fetched only when the technician opens it. */
  children: ReactNode;
};

/** A part of a job behind one button, so the job list stays short on a phone: the estimate, the job record. */
export function JobDisclosure({ label, panelId, regionLabel, loading, children }: JobDisclosureProps) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm">
      <Button variant="default" size="md" fullWidth aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
        {open ? `Hide ${label.toLowerCase()}` : label}
      </Button>
      {open ? (
        <section id={panelId} aria-label={regionLabel}>
          <Suspense fallback={<Text>{loading}</Text>}>{children}</Suspense>
        </section>
      ) : null}
    </Stack>
  );
}
