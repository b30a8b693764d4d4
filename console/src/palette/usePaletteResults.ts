// The palette's results for what is typed: the screens at once, the records once typing pauses, one request per
// kind of record (a slow or failed one holds up no other). A request that a newer term supersedes is cancelled
// (TanStack Query aborts the signal of a query nobody watches any more).
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { areas } from '../app/areas';
import { useCurrentUser } from '../auth/session';
import { allowedSources, MIN_RECORD_TERM, screenItems, type PaletteItem } from './palette-search';
import { RECORD_SOURCES } from './record-sources';

export interface PaletteGroup {
  label: string;
  items: PaletteItem[];
  /** The search of this kind failed. */
  failed?: boolean;
}

const TYPING_PAUSE_MS = 200;

export function usePaletteResults(text: string) {
  const { abilities } = useCurrentUser();
  const term = text.trim();
  const [debounced] = useDebouncedValue(term, TYPING_PAUSE_MS);
  const searching = debounced.length >= MIN_RECORD_TERM;
  const sources = allowedSources(RECORD_SOURCES, abilities);
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['palette', source.group, debounced],
      queryFn: ({ signal }: { signal: AbortSignal }) => source.search(debounced, signal),
      enabled: searching,
      staleTime: 30_000,
      retry: false,
    })),
  });

  const groups: PaletteGroup[] = [{ label: 'Screens', items: screenItems(areas, abilities, term) }];
  if (searching) {
    sources.forEach((source, index) => {
      const result = results[index]!;
      groups.push({ label: source.group, items: result.data ?? [], failed: result.isError });
    });
  }
  return {
    groups: groups.filter((group) => group.items.length > 0 || group.failed),
    /** The results answer what is typed now: nothing is waiting for a pause or an answer. */
    settled: debounced === term && results.every((result) => !searching || !result.isFetching),
    fetching: searching && results.some((result) => result.isFetching),
  };
}
