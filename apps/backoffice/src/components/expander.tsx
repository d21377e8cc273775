import { useId, useState, type ReactNode } from 'react';
import { Button, Collapse, Stack } from '@mantine/core';

/**
 * A card's part shown on demand: a small button (Photos / Hide Photos) that opens a labelled region below it. What
 * `children` holds is mounted only while open, so its data loads when someone looks.
 */
export function Expander({ title, of, children }: { title: string; of: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const noun = title.toLowerCase();
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="xs"
        px={0}
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
        aria-controls={regionId}
        aria-label={`${open ? 'Hide' : 'Show'} ${noun} of ${of}`}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? `Hide ${title}` : title}
      </Button>
      <Collapse in={open} id={regionId} role="region" aria-label={`${title} of ${of}`}>
        {open ? children : null}
      </Collapse>
    </Stack>
  );
}
