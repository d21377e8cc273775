import { Badge } from '@mantine/core';

/** Whether changes arrive live, or the page is refreshing on a timer until the connection is back. */
export function LiveIndicator({ live, pollMs }: { live: boolean; pollMs: number }) {
  return (
    <Badge
      role="status"
      variant="filled"
      bg={live ? '#dcfce7' : '#f1f3f5'}
      c={live ? '#166534' : '#343a40'}
      tt="none"
      size="lg"
      title={live ? undefined : `Live updates are not connected; the page refreshes every ${pollMs / 1000} seconds.`}
    >
      {live ? 'Live' : `Refreshing every ${pollMs / 1000} s`}
    </Badge>
  );
}
