import { Button, Text } from '@mantine/core';

/** A button that cannot be used yet, shown disabled with the reason under it (and read as its description). */
export function UnavailableAction({ label, reason, id }: { label: string; reason: string; id: string }) {
  return (
    <div>
      <Button variant="light" fullWidth disabled aria-describedby={id}>
        {label}
      </Button>
      <Text id={id} size="sm" c="dimmed" mt={4} ta="center">
        {reason}
      </Text>
    </div>
  );
}
