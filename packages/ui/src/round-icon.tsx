import { ThemeIcon, type MantineColor, type ThemeIconProps } from '@mantine/core';

export type RoundIconProps = Omit<ThemeIconProps, 'color' | 'radius' | 'gradient' | 'vars'> & {
  /** Key of `theme.colors` or any CSS color; the theme's primary color when absent. */
  color?: MantineColor;
};

/**
 * Mantine's ThemeIcon, round. ThemeIcon passes its `radius`, `color` and `gradient` props on to its element as HTML
 * attributes, which HTML does not have; here they reach it only as the CSS variables ThemeIcon would have set.
 */
export function RoundIcon({ color, variant = 'filled', ...props }: RoundIconProps) {
  return (
    <ThemeIcon
      {...props}
      variant={variant}
      vars={(theme) => {
        const colors = theme.variantColorResolver({ color: color ?? theme.primaryColor, theme, variant });
        return {
          root: {
            '--ti-radius': 'var(--mantine-radius-xl)',
            '--ti-bg': colors.background,
            '--ti-color': colors.color,
            '--ti-bd': colors.border,
          },
        };
      }}
    />
  );
}
