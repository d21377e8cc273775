import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  mergeMantineTheme,
  px,
  type ConvertCSSVariablesInput,
  type MantineTheme,
} from '@mantine/core';
import { responsiveCss } from './responsive-css.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The theme's stylesheet: ThemeProvider renders it as one style in <head>, and the back office's build writes it into
// its index.html (vite.config.ts), so it is there before any JavaScript runs. Plain TypeScript without JSX, so a Vite
// config can import it.

/**
 * Matches the document element as `:root` does, but outranks it: Mantine's stylesheet declares its defaults on `:root`
 * and may come later in <head> (React puts a style with a precedence first when no other has one).
 */
const variablesSelector = 'html:root';

/** `input` without what Mantine's stylesheet already declares (MantineProvider's `deduplicateCssVariables`). */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (own: Record<string, string>, base: Record<string, string>) =>
    Object.fromEntries(Object.entries(own).filter(([name, value]) => base[name] !== value));
  return {
    variables: changed(input.variables, defaults.variables),
    light: changed(input.light, defaults.light),
    dark: changed(input.dark, defaults.dark),
  };
}

/** The classes behind `hiddenFrom` and `visibleFrom`, one pair per breakpoint (as Mantine's MantineClasses writes them). */
function breakpointClasses(full: MantineTheme): string {
  return Object.entries(full.breakpoints)
    .map(([breakpoint, value]) => {
      const width = Number(px(value));
      const [below, from] = value.includes('px') ? [`${width - 0.1}px`, `${width}px`] : [em(width - 0.1), em(width)];
      return `@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`;
    })
    .join('');
}

/**
 * The theme's CSS variables and breakpoint classes (what MantineProvider would write into its own style elements), and
 * the rules behind the kit's responsive props (responsive-css.ts: what Mantine would write as a style element beside
 * each element with one).
 */
export function themeCss(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = withoutDefaults(deepMerge(defaultCssVariablesResolver(full), cssVariablesResolver(full)));
  return `${convertCssVariables(variables, variablesSelector)}${breakpointClasses(full)}${responsiveCss(full.breakpoints)}`;
}
