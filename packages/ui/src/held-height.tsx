import { useRef, type ReactNode } from 'react';
import { useIsomorphicEffect } from '@mantine/hooks';

export type HeldHeightProps = {
  /** True once the form has been replaced by its answer: the box then keeps at least the form's last height. */
  hold: boolean;
  children: ReactNode;
};

/**
 * A form that is replaced by a shorter answer ("Check your email") would pull whatever was below it, such as a footer
 * link, up under the finger that just tapped submit; a hurried second tap then follows that link away. This box
 * remembers its height while it shows the form and keeps it as a minimum while it shows the answer, so nothing moves
 * under the finger. Going back to the form lets the height go.
 */
export function HeldHeight({ hold, children }: HeldHeightProps) {
  const box = useRef<HTMLDivElement>(null);
  const formHeight = useRef(0);
  // Runs before paint after every render: measured while the form shows, applied the moment the answer replaces it.
  useIsomorphicEffect(() => {
    const element = box.current;
    if (!element) return;
    if (hold) {
      element.style.minHeight = `${formHeight.current}px`;
    } else {
      element.style.minHeight = '';
      formHeight.current = element.offsetHeight;
    }
  });
  return <div ref={box}>{children}</div>;
}
