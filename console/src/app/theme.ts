import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Light badges, alerts and buttons: the palest tint behind, and the colour's darkest shade darkened further in
 * front. Mantine's defaults (and even shade 9 for yellow or orange) fall short of AA contrast on small text.
 * `light-dark()` picks by the colour scheme Mantine sets on every element.
 */
const variantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  if (input.variant === 'light' && name in input.theme.colors) {
    // Dark mode turns it round: the darkest shade dimmed behind, the palest in front.
    return {
      ...colors,
      background: `light-dark(var(--mantine-color-${name}-0), color-mix(in srgb, var(--mantine-color-${name}-9) 45%, var(--mantine-color-dark-7)))`,
      color: `light-dark(color-mix(in srgb, var(--mantine-color-${name}-9) 65%, black), var(--mantine-color-${name}-1))`,
    };
  }
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
    // A notification's message is what happened: written in the dimmed colour above, not Mantine's paler grey.
    // Its close button is an icon: without a name, a screen reader announces a bare "button".
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // The same for a dialog's close button (Escape closes it too, but a screen reader user has to find it).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A NumberInput's steppers are named for their field by console/src/components/NumberInput.tsx.
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
  },
});

export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Text that warns (low stock): orange.8 reaches only 3.4:1 on white, this burnt orange 5.2:1 on white and
    // 4.8:1 on a striped row's grey.
    '--qm-color-warning-text': '#c2410c',
    // Text that tells of a refusal beside its row: red.7 (#b91c1c) reaches 6.5:1 on white and 5.9:1 on a striped
    // row's grey, where Mantine's red text falls below 4.5:1.
    '--qm-color-danger-text': '#b91c1c',
  },
  dark: {
    // Mantine's dark dimmed (dark.2) reaches only 4:1 on the dark body; dark.1 reaches 8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // On the dark body (dark.7) orange.8 falls to 3:1; orange.3 reaches 8:1.
    '--qm-color-warning-text': 'var(--mantine-color-orange-3)',
    // red.3 on the dark body, 7:1.
    '--qm-color-danger-text': 'var(--mantine-color-red-3)',
  },
});
