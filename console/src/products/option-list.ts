// A select's options when the API answers only the first matches of a search.

export interface EntityOption {
  value: string;
  label: string;
}

/** The options to show: the matches, with the chosen one added when the matches leave it out. */
export function mergeOptions(
  matches: readonly EntityOption[],
  chosen: EntityOption | null | undefined,
): EntityOption[] {
  if (!chosen || matches.some((option) => option.value === chosen.value)) return [...matches];
  return [chosen, ...matches];
}

/** The options of a multi-select: the matches, with every chosen one the matches leave out added first. */
export function mergeManyOptions(matches: readonly EntityOption[], chosen: readonly EntityOption[]): EntityOption[] {
  const missing = chosen.filter((option) => !matches.some((match) => match.value === option.value));
  return [...missing, ...matches];
}
