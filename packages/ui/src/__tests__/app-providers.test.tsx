import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { ui } from '@repo/contracts';
import { describe, expect, it } from 'vitest';
import { AppProviders, toastRegionLabel } from '../app-providers.tsx';
import { expectToast } from '../testing/queries.ts';
import { showToast } from '../toast.ts';

function renderProviders() {
  return render(
    <AppProviders>
      <label>
        Email
        <input name="email" />
      </label>
    </AppProviders>,
  );
}

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the previous', async () => {
    renderProviders();
    act(() => {
      showToast({ title: 'First', description: 'first message' });
    });
    await expectToast('First', 'first message');
    act(() => {
      showToast({ title: 'Login Failed', description: 'Invalid credentials', variant: 'destructive' });
    });
    await expectToast('Login Failed', 'Invalid credentials');
    const region = screen.getByRole('region', { name: toastRegionLabel });
    await expect.poll(() => within(region).queryByText('First')).toBeNull();
    const toast = within(region).getByRole('alert');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(notificationsStore.getState().notifications.map((n) => n.autoClose)).toEqual([ui.toastDurationMs]);
  });

  it('dismisses a toast swiped right by 50 px, not by less', async () => {
    renderProviders();
    act(() => {
      showToast({ title: 'Swipe me' });
    });
    const toast = await screen.findByRole('alert');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 149 });
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });

  it('focuses the notification region on F8, even from a form field', () => {
    renderProviders();
    const input = screen.getByRole('textbox', { name: 'Email' });
    input.focus();
    fireEvent.keyDown(input, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: toastRegionLabel }));
  });
});
