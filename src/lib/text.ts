// Optional free text as it is stored: trimmed, and null rather than blank.

/** The trimmed text, or null when nothing is left of it (null, undefined, empty or only white space). */
export function trimOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
