// URL-safe slugs from names: lowercase ASCII letters, digits and hyphens.
import slugifyLib from 'slugify';

const slugify = slugifyLib as unknown as (
  text: string,
  options: { lower: boolean; strict: boolean; trim: boolean },
) => string;

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

/** What a create or an update of one record asks of its slug. */
export interface SlugRequest {
  /** The slug the caller sent, stored as sent: reported taken when another record holds it. */
  chosen?: string | undefined;
  /** When no slug is chosen, the name to make one from and the slug of a name with nothing URL-safe in it. */
  from?: { name: string; fallback: string } | undefined;
  /** Whether a record other than the one written holds `candidate`. */
  taken: (candidate: string) => Promise<boolean>;
}

export interface ResolvedSlug<S extends string | undefined = string | undefined> {
  /** The slug to store; undefined when it stays as it is (neither chosen nor made). */
  slug: S;
  /** The chosen slug is another record's: the service refuses the write on `slug`, in its own words. */
  taken: boolean;
}

/**
 * The slug a write of one record stores: the chosen one, checked; else the first free one made from `from`
 * (`uniqueSlug`); else none. The caller decides how a taken slug is refused, alone or among other field errors.
 */
export function resolveSlug(
  request: SlugRequest & { from: NonNullable<SlugRequest['from']> },
): Promise<ResolvedSlug<string>>;
export function resolveSlug(request: SlugRequest): Promise<ResolvedSlug>;
export async function resolveSlug({ chosen, from, taken }: SlugRequest): Promise<ResolvedSlug> {
  if (chosen !== undefined) return { slug: chosen, taken: await taken(chosen) };
  if (from === undefined) return { slug: undefined, taken: false };
  return { slug: await uniqueSlug(slugOf(from.name, from.fallback), taken), taken: false };
}

/** Candidates asked about per base and query by `firstFreeSlugs` once a base's first candidates are taken. */
export const SLUG_PROBE_BATCH = 20;

/**
 * `uniqueSlug` for several names at once, each answered a slug of its own (a base that repeats gets `base`,
 * `base-2`…): the first query asks about as many candidates of each base as it needs, which is enough when the
 * names are new; a base whose candidates are taken is asked about twenty more at a time. `takenAmong` answers
 * which of the candidates are used.
 */
export async function firstFreeSlugs(
  bases: readonly string[],
  takenAmong: (candidates: string[]) => Promise<ReadonlySet<string>>,
): Promise<string[]> {
  const needed = new Map<string, number>();
  for (const base of bases) needed.set(base, (needed.get(base) ?? 0) + 1);
  const found = new Map<string, string[]>([...needed.keys()].map((base) => [base, []]));
  const nextSuffix = new Map<string, number>();
  for (let round = 0; needed.size > 0; round += 1) {
    const windows = [...needed].map(([base, count]) => {
      const first = nextSuffix.get(base) ?? 1;
      const length = round === 0 ? count : count + SLUG_PROBE_BATCH;
      nextSuffix.set(base, first + length);
      return { base, candidates: Array.from({ length }, (_, i) => (first + i === 1 ? base : `${base}-${first + i}`)) };
    });
    const taken = await takenAmong(windows.flatMap((window) => window.candidates));
    for (const { base, candidates } of windows) {
      const slugs = found.get(base)!;
      slugs.push(...candidates.filter((candidate) => !taken.has(candidate)).slice(0, needed.get(base)! - slugs.length));
      if (slugs.length === needed.get(base)) needed.delete(base);
    }
  }
  return bases.map((base) => found.get(base)!.shift()!);
}
