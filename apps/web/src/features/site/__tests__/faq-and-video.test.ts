import { describe, expect, it } from 'vitest';
import { faq } from '../content/faq.ts';
import { faqKey, toggleOpen } from '../lib/faq-state.ts';
import { seekFraction } from '../lib/video.ts';

describe('FAQ', () => {
  it('has five categories of three questions', () => {
    expect(faq.map((category) => category.items.length)).toEqual([3, 3, 3, 3, 3]);
  });

  it('toggles one item and leaves the others as they are', () => {
    const open = toggleOpen(toggleOpen(new Set(), faqKey(0, 1)), faqKey(2, 0));
    expect([...open]).toEqual(['0-1', '2-0']);
    expect([...toggleOpen(open, '0-1')]).toEqual(['2-0']);
  });
});

describe('seekFraction', () => {
  it('maps a click on the progress bar to a proportion of the video, clamped to 0..1', () => {
    const bar = { left: 100, width: 200 };
    expect(seekFraction(150, bar)).toBe(0.25);
    expect(seekFraction(50, bar)).toBe(0);
    expect(seekFraction(400, bar)).toBe(1);
    expect(seekFraction(150, { left: 0, width: 0 })).toBe(0);
  });
});
