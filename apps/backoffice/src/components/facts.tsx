import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** Term → value pairs of a card, as a description list a screen reader can walk; extra-small on the dispatch board's cards. */
export function Facts({ items, size = 'sm' }: { items: readonly (readonly [string, ReactNode])[]; size?: 'xs' | 'sm' }) {
  return (
    <dl className="facts" style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 12, rowGap: 4 }}>
      {items.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <Text component="dt" size={size} c="dimmed">
            {term}
          </Text>
          <Text component="dd" size={size} m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
