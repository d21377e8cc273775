import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

const mainId = 'main';

/** The first focusable element of a page: lets keyboard users jump past the header. Visible only when focused. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${mainId}`}>
      Skip to main content
    </a>
  );
}

/** The page's one `<main>`; focusable so the skip link moves focus into it. */
export function MainContent({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id={mainId} tabIndex={-1} className="main-content">
      {children}
    </Box>
  );
}
