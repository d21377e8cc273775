import { useRef } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { ui } from '@repo/contracts';

export const toastRegionLabel = 'Notifications (F8)';

/** The toast stack inside a labelled region that F8 focuses, from anywhere on the page (form fields included). */
export function ToastRegion() {
  const region = useRef<HTMLDivElement>(null);
  useHotkeys([['F8', () => region.current?.focus()]], []);
  return (
    <div ref={region} role="region" aria-label={toastRegionLabel} tabIndex={-1} className="toast-region">
      <Notifications withinPortal={false} position="top-right" limit={ui.toastLimit} autoClose={ui.toastDurationMs} />
    </div>
  );
}
