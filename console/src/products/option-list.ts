// A select's options when the API answers only the first matches of a search.

export interface EntityOption {
  value: string;
  label: string;
}

/** The options to show: the matches, with the chosen one added when the matches leave it out. */
export function mergeOptions(matches: readonly EntityOption[], chosen: EntityOption | null | undefined): EntityOption[] {
  if (!chosen || matches.some((option) => option.value === chosen.value)) return [...matches];
  return [chosen, ...matches];
}
