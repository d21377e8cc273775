import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { opensWithoutDelay, Tooltip } from '../tooltip.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderTwo() {
  render(
    <>
      <Tooltip label="Call us">
        <button type="button">Call</button>
      </Tooltip>
      <Tooltip label="Book online">
        <button type="button">Book</button>
      </Tooltip>
    </>,
  );
}

describe('Tooltip', () => {
  it('opens 700 ms after hover and describes its control', () => {
    renderTwo();
    const call = screen.getByRole('button', { name: 'Call' });
    fireEvent.pointerEnter(call.parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('Call us');
    expect(call.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('opens at once within 300 ms of another closing, and with the delay after that', () => {
    renderTwo();
    const call = screen.getByRole('button', { name: 'Call' }).parentElement as HTMLElement;
    const book = screen.getByRole('button', { name: 'Book' }).parentElement as HTMLElement;
    fireEvent.pointerEnter(call);
    act(() => vi.advanceTimersByTime(700));
    fireEvent.pointerLeave(call);
    act(() => vi.advanceTimersByTime(299));
    fireEvent.pointerEnter(book);
    expect(screen.getByRole('tooltip').textContent).toBe('Book online');
    fireEvent.pointerLeave(book);
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerEnter(call);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes on Escape', () => {
    renderTwo();
    const call = screen.getByRole('button', { name: 'Call' });
    fireEvent.focus(call);
    act(() => vi.advanceTimersByTime(700));
    fireEvent.keyDown(call, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('skips the delay only inside the window', () => {
    expect(opensWithoutDelay(1_299, 1_000)).toBe(true);
    expect(opensWithoutDelay(1_300, 1_000)).toBe(false);
  });
});
