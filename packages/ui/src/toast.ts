import type { PointerEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { ui } from '@repo/contracts';

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

let toastCount = 0;

/**
 * Shows a toast for 5 s. One is visible at a time: a new toast replaces the one on screen and anything queued.
 * Swiping it right by 50 px dismisses it.
 */
export function showToast({ title, description, variant = 'default' }: ToastOptions): string {
  toastCount += 1;
  const id = `toast-${toastCount}`;
  let swipeStartX: number | undefined;
  notifications.clean();
  return notifications.show({
    id,
    title,
    message: description ?? '',
    color: variant === 'destructive' ? 'red' : 'brand',
    autoClose: ui.toastDurationMs,
    withBorder: true,
    className: 'toast',
    // Notification gives its close button `color: 'gray'`, which the button does not use and writes onto the <button>
    // as an attribute HTML does not have; undefined here leaves it off (the button looks the same).
    closeButtonProps: { 'aria-label': 'Close notification', color: undefined },
    'data-variant': variant,
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      swipeStartX = event.clientX;
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (swipeStartX !== undefined && event.clientX - swipeStartX >= ui.toastSwipeThresholdPx) notifications.hide(id);
      swipeStartX = undefined;
    },
  });
}

export function dismissToasts(): void {
  notifications.clean();
}
