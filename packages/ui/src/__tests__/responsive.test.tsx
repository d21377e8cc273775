import { render } from '@testing-library/react';
import { Button, Container, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { Columns, responsiveSpacing, SpanGrid } from '../responsive.tsx';
import { resolveResponsive, responsiveCss } from '../responsive-css.ts';
import { themeCss } from '../theme-css.ts';
import { ThemeProvider } from '../theme-provider.tsx';

const variables = (element: Element, prefix: string) =>
  Object.fromEntries(
    (element.getAttribute('style') ?? '')
      .split(';')
      .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
      .filter(([name]) => name?.startsWith(prefix)),
  );

describe('responsive layout without style elements', () => {
  it('gives an element its value at every breakpoint, each carried up to the next one given', () => {
    expect(resolveResponsive({ cols: { base: '1', sm: '2', lg: '3' } })).toEqual({
      className: 'responsive-cols',
      style: {
        '--responsive-cols-base': '1',
        '--responsive-cols-xs': '1',
        '--responsive-cols-sm': '2',
        '--responsive-cols-md': '2',
        '--responsive-cols-lg': '3',
        '--responsive-cols-xl': '3',
      },
    });
    expect(resolveResponsive({ py: 'var(--mantine-spacing-md)' }).style['--responsive-py-xl']).toBe('var(--mantine-spacing-md)');
  });

  it('applies the values in the media queries Mantine writes, in the theme’s stylesheet', () => {
    const css = responsiveCss(DEFAULT_THEME.breakpoints);
    expect(css.startsWith('.responsive-p{padding:var(--responsive-p-base)}')).toBe(true);
    expect(css).toContain('@media (min-width: 48em) {.responsive-p{padding:var(--responsive-p-sm)}.responsive-py{padding-block:var(--responsive-py-sm)}');
    expect(css).toContain('.responsive-cols{--columns:var(--responsive-cols-xl)}');
    expect(themeCss()).toContain(css);
  });

  it('spaces as Mantine’s responsive props do: a spacing token is the theme’s, a number is px in rem', () => {
    const { className, style } = responsiveSpacing({ py: { base: 'lg', sm: 40 }, mt: { base: 0, xs: 46 } });
    expect(className).toBe('responsive-py responsive-mt');
    expect(style).toMatchObject({
      '--responsive-py-base': 'var(--mantine-spacing-lg)',
      '--responsive-py-sm': 'calc(2.5rem * var(--mantine-scale))',
      '--responsive-mt-base': '0rem',
      '--responsive-mt-md': 'calc(2.875rem * var(--mantine-scale))',
    });
  });

  it('renders SimpleGrid’s and Grid’s layouts and responsive spacing with no style element in the body', () => {
    const { container } = render(
      <ThemeProvider>
        <Container {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })} data-testid="container">
          <Columns component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" mt="md" aria-label="Facts" />
          <SpanGrid gutter="xl">
            <SpanGrid.Col span={{ base: 12, md: 4 }}>Account</SpanGrid.Col>
            <SpanGrid.Col span={{ base: 12, md: 8 }}>History</SpanGrid.Col>
          </SpanGrid>
          <Button {...responsiveSpacing({ mt: { base: 0, xs: 46 } })}>Look up</Button>
        </Container>
      </ThemeProvider>,
    );
    expect(document.body.querySelectorAll('style')).toHaveLength(0);
    // The theme's stylesheet, with the responsive rules, is one style in <head>.
    expect(document.head.querySelector('style[data-href="mantine-theme"]')?.textContent).toContain('.responsive-cols{');

    const grid = container.querySelector('dl')!;
    expect(grid.className.split(' ')).toEqual(expect.arrayContaining(['columns', 'responsive-cols']));
    expect(grid.getAttribute('aria-label')).toBe('Facts');
    expect(variables(grid, '--')).toMatchObject({
      '--responsive-cols-base': '1',
      '--responsive-cols-xs': '2',
      '--responsive-cols-xl': '2',
      '--columns-gap-x': 'var(--mantine-spacing-sm)',
      '--columns-gap-y': 'var(--mantine-spacing-sm)',
    });
    expect(grid.style.marginTop).toBe('var(--mantine-spacing-md)');
    const columns = container.querySelectorAll('.span-grid-inner > .span-grid-col');
    expect([...columns].map((column) => [variables(column, '--responsive-span-base')['--responsive-span-base'], variables(column, '--responsive-span-md')['--responsive-span-md']])).toEqual([
      ['100%', `${100 / 3}%`],
      ['100%', `${200 / 3}%`],
    ]);
    expect(variables(container.querySelector('.span-grid')!, '--span-grid-gutter')).toEqual({ '--span-grid-gutter': 'var(--mantine-spacing-xl)' });
    expect(container.querySelector('[data-testid="container"]')?.classList.contains('responsive-py')).toBe(true);
  });
});
