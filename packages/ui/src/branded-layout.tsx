import type { ReactNode } from 'react';
import { Badge, Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { business } from '@repo/contracts';
import { AppAnchor } from './app-anchor.tsx';
import { MainContent, SkipLink } from './landmarks.tsx';

export type BrandedLayoutProps = {
  /** Where the business name links to. */
  homeHref: string;
  /** A short label after the name, e.g. "Back Office". */
  tag?: string;
  /** Links on the right of the header. */
  actions?: ReactNode;
  /** On a narrow screen the actions wrap under the business name instead of squeezing it (e.g. a navigation). */
  wrapActions?: boolean;
};

/** Header with the business name, then the route's page in the main landmark. For the portal and back office. */
export function BrandedLayout({ homeHref, tag, actions, wrapActions = false }: BrandedLayoutProps) {
  return (
    <div className="app-shell">
      <SkipLink />
      <Box component="header" py="sm" className="app-header">
        <Container size="lg">
          <Group justify="space-between" wrap={wrapActions ? 'wrap' : 'nowrap'} gap={wrapActions ? 'xs' : 'sm'}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <AppAnchor href={homeHref} fw={800} c="brand.8" underline="never" lh={1.2}>
                {business.name}
              </AppAnchor>
              {tag ? (
                <Badge variant="light" visibleFrom="xs">
                  {tag}
                </Badge>
              ) : null}
            </Group>
            {actions}
          </Group>
        </Container>
      </Box>
      <MainContent>
        <Outlet />
      </MainContent>
    </div>
  );
}
