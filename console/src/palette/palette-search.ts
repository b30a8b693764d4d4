// What the command palette finds without asking the API: the screens the user may open (the areas' navigation,
// matched by name and section), and which record searches (record-sources.ts) the user's abilities allow.
import { allows, type Area } from '../app/area';

export interface PaletteItem {
  /** Unique in the palette. */
  key: string;
  label: string;
  description?: string;
  to: string;
}

export interface RecordSource {
  group: string;
  ability: string;
  search: (term: string, signal: AbortSignal) => Promise<PaletteItem[]>;
}

/** Records listed per group: the palette is a way in, not a list page. */
export const PER_GROUP = 5;
/** Shorter terms search the screens only: one letter matches half of everything. */
export const MIN_RECORD_TERM = 2;

/** Every word of the term somewhere in the text, in any case. */
export function matchesTerm(text: string, term: string): boolean {
  const haystack = text.toLowerCase();
  return term
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The screens the user may open whose name or section matches the term (all of them for no term). */
export function screenItems(areas: readonly Area[], abilities: readonly string[], term: string): PaletteItem[] {
  const seen = new Set<string>();
  const items: PaletteItem[] = [];
  for (const area of areas) {
    for (const entry of area.navigation) {
      if (seen.has(entry.to) || !allows(abilities, entry.ability)) continue;
      if (!matchesTerm(`${area.label} ${entry.label}`, term)) continue;
      seen.add(entry.to);
      items.push({ key: `screen:${entry.to}`, label: entry.label, description: area.label, to: entry.to });
    }
  }
  return items;
}

/** The record searches the user's abilities allow, in their order. */
export function allowedSources(sources: readonly RecordSource[], abilities: readonly string[]): RecordSource[] {
  return sources.filter((source) => abilities.includes(source.ability));
}
