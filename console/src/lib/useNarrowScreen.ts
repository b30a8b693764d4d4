// Phones and small tablets (below 768 px, Mantine's `sm`): the warehouse screens switch from tables to cards
// with large controls there, as they are used standing, with a thumb.
import { useMediaQuery } from '@mantine/hooks';

export const NARROW_SCREEN = '(max-width: 47.99em)';

export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN) ?? false;
}
