// Optional free text as it is stored: trimmed, and null rather than blank.

/** The trimmed text, or null when nothing is left of it (null, undefined, empty or only white space). */
export function trimOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** `existing` with `note` trimmed on a line of its own at the end; `existing` unchanged when the note is blank. */
export function appendNote(existing: string | null, note: string | null | undefined): string | null {
  const trimmed = trimOrNull(note);
  if (trimmed === null) return existing;
  return existing ? `${existing}\n${trimmed}` : trimmed;
}
