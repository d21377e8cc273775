import { Card, Container, Text, Title } from '@mantine/core';
import { responsiveSpacing } from './responsive.tsx';
import { AppAnchor } from './app-anchor.tsx';
import { useDocumentTitle } from './document-title.ts';

export type NotFoundCardProps = {
  /** Where the home link goes: an in-app path or a full address. */
  homeHref?: string;
  homeLabel?: string;
};

/** The 404 card, named "404 Page Not Found", with the heading "Page Not Found". */
export function NotFoundCard({ homeHref = '/', homeLabel = 'Return to the home page' }: NotFoundCardProps) {
  return (
    <Card component="section" aria-label="404 Page Not Found" withBorder shadow="sm" padding="xl" radius="md">
      <Text component="p" fw={800} fz={48} lh={1} c="brand.7" aria-hidden="true">
        404
      </Text>
      <Title order={1} mt="sm">
        Page Not Found
      </Title>
      <Text mt="sm" c="dimmed">
        The page you are looking for does not exist or has moved.
      </Text>
      <AppAnchor href={homeHref} mt="md" display="inline-block" fw={600}>
        {homeLabel}
      </AppAnchor>
    </Card>
  );
}

export function NotFoundPage(props: NotFoundCardProps) {
  useDocumentTitle('Page Not Found');
  return (
    <Container size="xs" {...responsiveSpacing({ py: { base: 'xl', sm: 64 } })}>
      <NotFoundCard {...props} />
    </Container>
  );
}
