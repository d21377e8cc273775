import { storageKeys, ui } from '@repo/contracts';

/**
 * The home page's sections, each with a stable id: `/#reviews` opens the home page at the reviews from any page, with
 * or without JavaScript.
 */
export const sections = {
  services: 'services',
  brands: 'brands',
  whyUs: 'why-us',
  serviceAreas: 'service-areas',
  faq: 'faq',
  reviews: 'reviews',
  contact: 'contact',
} as const;

export type SectionId = (typeof sections)[keyof typeof sections];

/** Distance from the top of the viewport a section lands at: the sticky header's height plus 20 px, else 120 px. */
export function scrollOffset(doc: Document = document): number {
  const header = doc.querySelector('header');
  return header ? header.getBoundingClientRect().height + ui.scrollOffsetPx : ui.scrollFallbackOffsetPx;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Smoothly scrolls so the section's top sits just below the header. Answers false when there is no such section. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - scrollOffset();
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return true;
}

/** The address of a section: a real link, so it works before the page has hydrated and without JavaScript. */
export function sectionHref(id: string, page = '/'): string {
  return `${page}#${id}`;
}

/** A plain left click, which JavaScript may take over; a click meant for a new tab or window keeps the browser's way. */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Puts the section in the address, as following its link without JavaScript would, without a new history entry. */
export function showSectionInAddress(id: string): void {
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** Off the home page: the section to scroll to once the home page has loaded, kept for this browser session. */
export function rememberSection(id: string): void {
  try {
    window.sessionStorage.setItem(storageKeys.scrollTarget, id);
  } catch {
    // Storage may be unavailable (private mode, blocked); the visitor still lands on the home page.
  }
}

export function peekRememberedSection(): string | null {
  try {
    return window.sessionStorage.getItem(storageKeys.scrollTarget);
  } catch {
    return null;
  }
}

/** Reads and clears the remembered section. */
export function takeRememberedSection(): string | null {
  try {
    const id = window.sessionStorage.getItem(storageKeys.scrollTarget);
    if (id !== null) window.sessionStorage.removeItem(storageKeys.scrollTarget);
    return id;
  } catch {
    return null;
  }
}
