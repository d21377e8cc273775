import { Loader, Stack, Text } from '@mantine/core';

/**
 * A part of a page that is still loading (a list, a form's code): a spinner and what is coming, announced politely.
 * `minHeight` keeps about the room the part will take, so what follows it does not move when it arrives.
 */
export function LoadingNote({ label, minHeight }: { label: string; minHeight?: number }) {
  return (
    <Stack align="center" justify="center" gap="xs" py="xl" mih={minHeight} role="status">
      <Loader aria-hidden="true" />
      <Text>{label}</Text>
    </Stack>
  );
}
