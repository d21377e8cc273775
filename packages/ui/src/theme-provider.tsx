import type { ReactNode } from 'react';
import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  MantineProvider,
  mergeMantineTheme,
  px,
  type ConvertCSSVariablesInput,
  type MantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

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

/** The theme's CSS variables and breakpoint classes: what MantineProvider would write into its own style elements. */
export function themeCss(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = withoutDefaults(deepMerge(defaultCssVariablesResolver(full), cssVariablesResolver(full)));
  return `${convertCssVariables(variables, variablesSelector)}${breakpointClasses(full)}`;
}

const css = themeCss();

/**
 * The theme alone, for an app that places the toast region and data cache only where its pages use them.
 *
 * MantineProvider would render its CSS variables and classes as style elements at the top of the app, which in a
 * prerendered page is inside <body>, where HTML does not allow a style for `:root`. Here they are one style with a
 * precedence instead: React hoists it into <head> (the prerender moves it there from the page's markup) and, when
 * hydrating, adopts the one already in the document by its href, so the styles are there before any JavaScript runs.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <style href="mantine-theme" precedence="theme">
        {css}
      </style>
      {children}
    </MantineProvider>
  );
}
