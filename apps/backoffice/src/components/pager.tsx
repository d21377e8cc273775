import { Button, Group, Text } from '@mantine/core';

/** Previous / Next through a paged list, with where you are; nothing when everything fits on one page. */
export function Pager({ label, page, pageSize, total, onPage }: { label: string; page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm">
      <Button variant="default" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Text size="sm" aria-live="polite">
        Page {page} of {pages}
      </Text>
      <Button variant="default" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </Group>
  );
}
