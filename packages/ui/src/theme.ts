import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A trustworthy blue. Shade 7 (the filled shade) gives white text 6.7:1 and blue text on white 6.7:1. */
const brand: MantineColorsTuple = [
  '#eff6ff',
  '#dbeafe',
  '#bfdbfe',
  '#93c5fd',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
];

const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 4 },
  colors: { brand },
  autoContrast: true,
  fontFamily: systemFontStack,
  headings: { fontFamily: systemFontStack, fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // The toast description defaults to gray 6 (3.3:1); secondary text keeps 4.5:1. A plain object rather than
    // Notification.extend, so the theme does not bring the component's code to pages without toasts.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/**
 * Mantine's defaults for secondary text (gray 6), error text (red 6) and placeholders (gray 5) sit between 2:1 and
 * 3.3:1 on white; these keep every text colour at 4.5:1 or more.
 */
export const accessibleTextColors = {
  dimmed: '#495057',
  error: '#c92a2a',
  placeholder: '#6b7280',
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': accessibleTextColors.dimmed,
    '--mantine-color-error': accessibleTextColors.error,
    '--mantine-color-placeholder': accessibleTextColors.placeholder,
  },
  dark: {},
});
