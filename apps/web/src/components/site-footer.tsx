import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { business } from '@repo/contracts';
import { env } from '../config/env.ts';

/** "07:00" → "7:00 AM". */
function twelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

export function SiteFooter() {
  return (
    <Box component="footer" bg="gray.0" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Stack gap="xs">
          <Text fw={700}>{business.name}</Text>
          <Text size="sm">
            Open every day, {twelveHour(business.hours.opens)} – {twelveHour(business.hours.closes)}. {business.emergency}{' '}
            emergency service.
          </Text>
          <Group gap="lg" component="nav" aria-label="Footer">
            <Anchor href={`tel:${business.phoneTel}`} size="sm" fw={600}>
              {business.phoneDisplay}
            </Anchor>
            <Anchor href={`${env.portalOrigin}/login`} size="sm" fw={600}>
              Customer Login
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            © {business.copyrightYear} {business.name}. All rights reserved.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
