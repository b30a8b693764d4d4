// URL-safe slugs from names: lowercase ASCII letters, digits and hyphens.
import slugifyLib from 'slugify';

const slugify = slugifyLib as unknown as (text: string, options: { lower: boolean; strict: boolean; trim: boolean }) => string;

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** The slug of a name; `fallback` when nothing URL-safe remains (a name of only symbols or emoji). */
export function slugOf(name: string, fallback = 'item'): string {
  return slugify(name, { lower: true, strict: true, trim: true }).slice(0, 90).replace(/-+$/, '') || fallback;
}

/**
 * The first of `base`, `base-2`, `base-3`… that `taken` does not report as used. For slugs the service
 * generates; a slug a caller chose is refused when taken instead.
 */
export async function uniqueSlug(base: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/** Candidates asked about per query by `firstFreeSlug`: most names are free at once or within a few suffixes. */
export const SLUG_PROBE_BATCH = 20;

/**
 * `uniqueSlug` asking about a batch of candidates at a time (`base`, `base-2`, … `base-20`, then the next
 * twenty), so that a name shared by hundreds of rows costs a query per twenty of them, not one per row.
 * `takenAmong` answers which of the candidates are used.
 */
export async function firstFreeSlug(base: string, takenAmong: (candidates: string[]) => Promise<ReadonlySet<string>>): Promise<string> {
  for (let first = 1; ; first += SLUG_PROBE_BATCH) {
    const candidates = Array.from({ length: SLUG_PROBE_BATCH }, (_, i) => (first + i === 1 ? base : `${base}-${first + i}`));
    const taken = await takenAmong(candidates);
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free !== undefined) return free;
  }
}
