import type { MantineBreakpoint, MantineTheme } from '@mantine/core';

// Responsive values without <style> elements in the page. Mantine writes each responsive style prop
// (`py={{ base: 'lg', sm: 40 }}`) and every SimpleGrid and Grid as a <style> element just before the element it
// styles, inside <body>, where HTML allows one only as its parent's first child (the Nu checker: "A style element in
// body must be the first child of its parent"). Here an element carries its value at every breakpoint as custom
// properties in its style attribute, and one rule per breakpoint, written once into the theme's style in <head>
// (`responsiveCss`, part of `themeCss`), applies the one in force. The values and the media queries are Mantine's, so
// the page looks the same. The components that use them are in responsive.tsx.

/** Mantine's breakpoints, smallest first. */
export const breakpointNames = ['xs', 'sm', 'md', 'lg', 'xl'] as const satisfies readonly MantineBreakpoint[];
type Breakpoint = (typeof breakpointNames)[number];

/** A value, or values per breakpoint as Mantine's responsive props take them: `base` below `xs`, each key from its breakpoint up. */
export type Responsive<T> = T | ({ base: T } & Partial<Record<Breakpoint, T>>);

/** What each responsive property sets: Mantine's style props of the same names, and the grids' custom properties. */
const targets = {
  p: 'padding',
  py: 'padding-block',
  pt: 'padding-top',
  mt: 'margin-top',
  cols: '--columns',
  span: '--column-span',
} as const;
export type ResponsiveTarget = keyof typeof targets;

const variable = (target: ResponsiveTarget, at: 'base' | Breakpoint) => `--responsive-${target}-${at}`;

/**
 * The rules that apply the responsive values: for each property its base value, then at each breakpoint the value from
 * that breakpoint up, in the media queries Mantine writes for a responsive prop. Every element sets all of its values
 * (`resolveResponsive` fills the gaps), so none is inherited from an element around it.
 */
export function responsiveCss(breakpoints: MantineTheme['breakpoints']): string {
  const names = Object.keys(targets) as ResponsiveTarget[];
  const rules = (at: 'base' | Breakpoint) => names.map((target) => `.responsive-${target}{${targets[target]}:var(${variable(target, at)})}`).join('');
  return [rules('base'), ...breakpointNames.map((breakpoint) => `@media (min-width: ${breakpoints[breakpoint]}) {${rules(breakpoint)}}`)].join('');
}

/** The classes and custom properties that give an element `values` (each a CSS value) at every breakpoint. */
export function resolveResponsive(values: Partial<Record<ResponsiveTarget, Responsive<string>>>): { className: string; style: Record<string, string> } {
  const classNames: string[] = [];
  const style: Record<string, string> = {};
  for (const [target, value] of Object.entries(values) as [ResponsiveTarget, Responsive<string> | undefined][]) {
    if (value === undefined) continue;
    const byBreakpoint = typeof value === 'object' ? value : { base: value };
    classNames.push(`responsive-${target}`);
    let current = byBreakpoint.base;
    style[variable(target, 'base')] = current;
    for (const breakpoint of breakpointNames) {
      current = byBreakpoint[breakpoint] ?? current;
      style[variable(target, breakpoint)] = current;
    }
  }
  return { className: classNames.join(' '), style };
}

/** `value` with `map` applied to it, or to each of its values per breakpoint. */
export function mapResponsive<T, U>(value: Responsive<T>, map: (value: T) => U): Responsive<U> {
  if (typeof value === 'object' && value !== null && 'base' in value) {
    return Object.fromEntries(Object.entries(value).map(([breakpoint, entry]) => [breakpoint, map(entry as T)])) as Responsive<U>;
  }
  return map(value as T);
}
