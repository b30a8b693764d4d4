/** The non-empty, trimmed items of a comma list (`a, b,,c`), from one query value or several. */
export function commaList(values: readonly string[] | string | undefined): string[] {
  const texts = Array.isArray(values) ? values : values === undefined ? [] : [values as string];
  return texts
    .flatMap((text) => text.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
