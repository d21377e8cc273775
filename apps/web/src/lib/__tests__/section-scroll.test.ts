import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@repo/contracts';
import { peekRememberedSection, rememberSection, scrollOffset, scrollToSection, takeRememberedSection } from '../section-scroll.ts';

afterEach(() => {
  document.body.innerHTML = '';
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

function rect(top: number, height = 0): DOMRect {
  return { top, height, bottom: top + height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) };
}

describe('scrollOffset', () => {
  it('is the header height plus 20 px, or 120 px without a header', () => {
    expect(scrollOffset()).toBe(120);
    const header = document.createElement('header');
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue(rect(0, 73));
    document.body.append(header);
    expect(scrollOffset()).toBe(93);
  });
});

describe('scrollToSection', () => {
  it('scrolls smoothly so the section sits below the header', () => {
    const section = document.createElement('section');
    section.id = 'contact';
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue(rect(1500));
    document.body.append(section);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(scrollToSection('contact')).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1380, behavior: 'smooth' });
    expect(scrollToSection('missing')).toBe(false);
  });
});

describe('remembered section', () => {
  it('is kept for the session under scrollToSection and cleared when taken', () => {
    rememberSection('brands');
    expect(window.sessionStorage.getItem(storageKeys.scrollTarget)).toBe('brands');
    expect(peekRememberedSection()).toBe('brands');
    expect(takeRememberedSection()).toBe('brands');
    expect(takeRememberedSection()).toBeNull();
  });
});
