import { Affix, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { business } from '@repo/contracts';

const tel = `tel:${business.phoneTel}`;

/** A slim strip at the top of the wizard for visitors who would rather call. */
export function CompactContactWidget() {
  return (
    <Paper withBorder radius="md" p="sm" bg="brand.0">
      <Group justify="center" gap="xs" wrap="wrap">
        <Text fw={600}>Prefer to talk to a person?</Text>
        <Anchor href={tel} fw={700}>
          Call {business.phoneDisplay}
        </Anchor>
        <Text c="dimmed" fz="sm">
          {business.emergency} emergency service
        </Text>
      </Group>
    </Paper>
  );
}

/** A call button that stays in view while the visitor fills in the wizard. */
export function FloatingContactWidget() {
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
      <Button component="a" href={tel} radius="xl" size="md" color="green.8" aria-label={`Call ${business.phoneDisplay}`}>
        Call Now
      </Button>
    </Affix>
  );
}
