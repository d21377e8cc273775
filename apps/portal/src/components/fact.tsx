import { Text } from '@mantine/core';

/** One term and its value in a description list (`<dl>`): the label dimmed above, long values wrapping anywhere. */
export function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
