import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';

export type PageTab<V extends string> = { value: V; label: string; panel: ReactNode };

/**
 * A page's tabs (arrow keys move between them; on a phone they wrap). Only the open tab's panel is mounted, so only
 * its data is asked for.
 */
export function PageTabs<V extends string>({ tabs, value, onChange }: { tabs: readonly PageTab<V>[]; value: V; onChange: (value: V) => void }) {
  return (
    <Tabs value={value} onChange={(next) => onChange((tabs.find((tab) => tab.value === next) ?? tabs[0]!).value)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
