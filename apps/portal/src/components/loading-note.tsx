import { Loader, Stack, Text } from '@mantine/core';

/** A part of a page that is still loading (a list, a form's code): a spinner and what is coming, announced politely. */
export function LoadingNote({ label }: { label: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      <Loader aria-hidden="true" />
      <Text>{label}</Text>
    </Stack>
  );
}
