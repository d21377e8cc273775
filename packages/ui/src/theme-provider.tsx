import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { themeCss } from './theme-css.ts';
import { theme } from './theme.ts';

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
