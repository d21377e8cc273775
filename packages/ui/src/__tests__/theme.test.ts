import { describe, expect, it } from 'vitest';
import { accessibleTextColors, theme } from '../theme.ts';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('theme contrast', () => {
  const white = '#ffffff';
  const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
  const filled = theme.colors?.brand?.[shade ?? 6] ?? '';

  it('gives white text on brand buttons and brand links on white at least 4.5:1', () => {
    expect(contrast(filled, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps secondary, error and placeholder text at least 4.5:1 on white', () => {
    for (const color of Object.values(accessibleTextColors)) expect(contrast(color, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the system font stack', () => {
    expect(theme.fontFamily).toMatch(/^system-ui/);
  });
});
