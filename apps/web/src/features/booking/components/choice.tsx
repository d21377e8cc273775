import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A date or time to choose: a toggle button, pressed when chosen. */
export function Choice({ selected, onClick, children }: { selected: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton className="choice-button" data-selected={selected || undefined} aria-pressed={selected} onClick={onClick}>
      {children}
    </UnstyledButton>
  );
}
