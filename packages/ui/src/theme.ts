import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { brandPalette } from '@repo/contracts';

/** The brand's blue (contracts' `brandPalette`, which the emails share). */
const brand: MantineColorsTuple = brandPalette;

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
