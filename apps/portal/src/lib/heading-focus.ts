import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Navigation state for landing on a page after signing in (a password, a registration's emailed link, a sign-in
 * link): the form that had the focus is gone, so without this the focus would be left on `<body>` and a keyboard or
 * screen-reader user would start again from the top of the document, not knowing where they are.
 */
export const focusHeadingOnArrival = { focusHeading: true } as const;

const asksForHeadingFocus = (state: unknown) => typeof state === 'object' && state !== null && (state as { focusHeading?: unknown }).focusHeading === true;

/**
 * A ref for the page's heading (rendered with `tabIndex={-1}`): it takes the focus once it is on screen when the
 * navigation that led here asked for it (`focusHeadingOnArrival`), once per arrival.
 */
export function useHeadingFocusOnArrival<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  const location = useLocation();
  const wanted = asksForHeadingFocus(location.state);
  useEffect(() => {
    if (wanted) heading.current?.focus();
  }, [wanted, location.key]);
  return heading;
}
