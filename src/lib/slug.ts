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
