import { createTheme } from '@mantine/core';

// Dense, neutral, legible: an operations tool read for hours.
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Table: { defaultProps: { verticalSpacing: 'xs', highlightOnHover: true } },
  },
});
