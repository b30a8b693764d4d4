import { createTheme, defaultVariantColorsResolver, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';

/** Light badges, alerts and buttons write in their colour's darkest shade: the default shade fails AA on its own tint. */
const variantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  if (input.variant === 'light' && name in input.theme.colors) return { ...colors, color: `var(--mantine-color-${name}-9)` };
  return colors;
};

// Dense, neutral, legible: an operations tool read for hours. The darker primary shade and dimmed text keep
// WCAG AA contrast (4.5:1) for white button labels and secondary text (checked by test/console/accessibility.test.ts).
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  variantColorResolver: variantColors,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
  },
});

export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
