import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { ui } from '@repo/contracts';

/** When the last tooltip closed, shared by every tooltip so moving along a row of controls skips the delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Whether a tooltip opening at `now` opens at once: another one closed less than the skip window ago. */
export function opensWithoutDelay(now: number, closedAt: number = lastClosedAt): boolean {
  return now - closedAt < ui.tooltipSkipMs;
}

export type TooltipProps = {
  label: string;
  /** One element that can take focus; it is described by the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  position?: 'top' | 'bottom';
};

/**
 * A text bubble shown on hover or keyboard focus after 700 ms; within 300 ms of another tooltip closing it opens at
 * once. Escape closes it.
 */
export function Tooltip({ label, children, position = 'bottom' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = () => {
    window.clearTimeout(timer.current);
    if (opensWithoutDelay(Date.now())) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), ui.tooltipDelayMs);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className="tooltip" data-position={position} hidden={!open}>
        {label}
      </span>
    </span>
  );
}
