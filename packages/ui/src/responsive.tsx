import type { CSSProperties, HTMLAttributes } from 'react';
import { Box, getSpacing, type BoxProps, type MantineSpacing } from '@mantine/core';
import { mapResponsive, resolveResponsive, type Responsive } from './responsive-css.ts';

// Mantine's responsive spacing props, SimpleGrid and Grid, without the <style> elements Mantine writes for them into
// the page's body (responsive-css.ts says how). Their static rules are in base.css.

type Spacing = MantineSpacing | number;
export type ResponsiveSpacing = { p?: Responsive<Spacing>; py?: Responsive<Spacing>; pt?: Responsive<Spacing>; mt?: Responsive<Spacing> };

/**
 * Mantine's responsive `p`, `py`, `pt` and `mt` as a class and a style to spread on an element or a Mantine component:
 * `<Container {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>`. Spacing tokens and numbers mean what they mean
 * to Mantine: `'lg'` is the theme's spacing, 40 is 40 px in rem.
 */
export function responsiveSpacing(spacing: ResponsiveSpacing): { className: string; style: CSSProperties } {
  const values = Object.fromEntries(
    Object.entries(spacing).map(([target, value]) => [target, value === undefined ? undefined : mapResponsive(value, (entry) => getSpacing(entry) ?? '0')]),
  );
  return resolveResponsive(values);
}

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** An element's attributes and handlers (any element's, so a grid may be a `dl`). */
type ElementProps = Omit<HTMLAttributes<HTMLElement>, keyof BoxProps | 'color'>;

export type ColumnsProps = BoxProps &
  ElementProps & {
    /** Equal columns, per breakpoint (SimpleGrid's `cols`). */
    cols: Responsive<number>;
    /** The gap between columns, and between rows unless `verticalSpacing` is given: a spacing token or px. */
    spacing?: Spacing;
    verticalSpacing?: Spacing;
    /** `dl` for a grid of terms and definitions. */
    component?: 'div' | 'dl';
  };

/** Mantine's SimpleGrid (equal columns, their number per breakpoint) without its style element. */
export function Columns({ cols, spacing = 'md', verticalSpacing, component = 'div', className, style, ...others }: ColumnsProps) {
  const responsive = resolveResponsive({ cols: mapResponsive(cols, String) });
  const gaps = { '--columns-gap-x': getSpacing(spacing), '--columns-gap-y': getSpacing(verticalSpacing ?? spacing) };
  const props = { className: classes('columns', responsive.className, className), style: [responsive.style, gaps, style], ...others };
  return component === 'dl' ? <Box component="dl" {...props} /> : <Box {...props} />;
}

export type SpanGridProps = BoxProps & ElementProps & { /** The space between columns and between rows (Grid's `gutter`). */ gutter?: Spacing };
export type SpanGridColProps = BoxProps & ElementProps & { /** Columns of twelve, per breakpoint (Grid.Col's `span`). */ span: Responsive<number> };

function SpanGridCol({ span, className, style, ...others }: SpanGridColProps) {
  const responsive = resolveResponsive({ span: mapResponsive(span, (columns) => `${100 / (12 / columns)}%`) });
  return <Box className={classes('span-grid-col', responsive.className, className)} style={[responsive.style, style]} {...others} />;
}

/** Mantine's Grid (twelve columns, each child a SpanGrid.Col spanning some of them per breakpoint) without its style elements. */
export function SpanGrid({ gutter = 'md', className, style, children, ...others }: SpanGridProps) {
  return (
    <Box className={classes('span-grid', className)} style={[{ '--span-grid-gutter': getSpacing(gutter) }, style]} {...others}>
      <div className="span-grid-inner">{children}</div>
    </Box>
  );
}

SpanGrid.Col = SpanGridCol;
