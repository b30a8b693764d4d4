// Generated names, SKUs and slugs of variants, and the batched search for free ones: a thousand variants
// must not cost a thousand uniqueness queries.
import { slugOf } from '../../../lib/slug.js';
import type { Selection } from '../master-products/variant-configuration.js';
import type { VariantConfiguration } from '../../../db/schema.js';

export const MAX_SKU_LENGTH = 100;
export const MAX_NAME_LENGTH = 255;
export const MAX_SLUG_LENGTH = 255;
/** Generated slugs leave room for a `-<n>` suffix. */
const MAX_SLUG_BASE = 200;

/** The selection's values in configuration order. */
export function valuesOf(config: VariantConfiguration, selection: Selection): string[] {
  return config.attributes.map(({ name }) => selection[name]!).filter((v) => v !== undefined);
}

/** `{master name} - {v1} / {v2}`, cut to the product name limit. */
export function variantName(masterName: string, values: readonly string[]): string {
  return `${masterName} - ${values.join(' / ')}`.slice(0, MAX_NAME_LENGTH).trim();
}

const NOT_IN_VALUE = /[^A-Z0-9-]/g;
const NOT_IN_SKU = /[^A-Z0-9._/-]/g;

/**
 * A value as an SKU part: upper-cased, accents dropped, spaces to hyphens, anything but letters, digits and
 * hyphens removed (with `sku`, also `.`, `_` and `/`, which SKUs allow), no leading or trailing separator.
 */
export function skuPart(text: string, sku = false): string {
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/\s+/g, '-')
    .replace(sku ? NOT_IN_SKU : NOT_IN_VALUE, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._/]+|-+$/g, '');
}

/** The base SKU variants start from: the master's SKU, else its slug, upper-cased (`.`, `_` and `/` of a SKU kept). */
export function masterSkuBase(master: { sku: string | null; slug: string }): string {
  return skuPart(master.sku ?? master.slug, true) || 'VARIANT';
}

/** A value as a slug part (empty when nothing URL-safe remains). */
export const slugPart = (value: string) => slugOf(value, '');

/** Remembers a text function's answers for one batch: a thousand combinations repeat a few dozen values. */
export function memo<T>(fn: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    if (!seen.has(text)) seen.set(text, fn(text));
    return seen.get(text)!;
  };
}

/** `{prefix}{base}-{V1}-{V2}`; values that normalise to nothing are left out. */
export function variantSku(
  prefix: string,
  base: string,
  values: readonly string[],
  part: (value: string) => string = skuPart,
): string {
  return [`${prefix}${base}`, ...values.map((v) => part(v)).filter(Boolean)].join('-');
}

/** The slug of a variant: the master's slug and the values' slugs. */
export function variantSlug(
  masterSlug: string,
  values: readonly string[],
  part: (value: string) => string = slugPart,
): string {
  return [masterSlug, ...values.map((v) => part(v)).filter(Boolean)]
    .join('-')
    .slice(0, MAX_SLUG_BASE)
    .replace(/-+$/, '');
}

/** `base`, then `base-2`, `base-3`…, each cut so that it stays within `max` characters. */
export function candidate(base: string, n: number, max: number): string {
  if (n === 1) return base.length <= max ? base : base.slice(0, max).replace(/-+$/, '');
  const suffix = `-${n}`;
  return `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/**
 * Picks, for each base in order, the first of `base`, `base-2`, `base-3`… that `taken` does not report and
 * no earlier base received. `taken` answers which of many candidates are used, so the whole batch costs one
 * lookup per round, and a round is needed only for the bases whose candidate was used.
 */
export async function allocateUnique(
  bases: readonly string[],
  max: number,
  taken: (candidates: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const result: string[] = new Array<string>(bases.length);
  const attempt = bases.map(() => 1);
  const assigned = new Set<string>();
  let pending = bases.map((_, i) => i);
  while (pending.length > 0) {
    const candidates = pending.map((i) => candidate(bases[i]!, attempt[i]!, max));
    const used = await taken([...new Set(candidates)]);
    const next: number[] = [];
    pending.forEach((i, k) => {
      const c = candidates[k]!;
      if (used.has(c) || assigned.has(c)) {
        attempt[i] = attempt[i]! + 1;
        next.push(i);
      } else {
        assigned.add(c);
        result[i] = c;
      }
    });
    pending = next;
  }
  return result;
}
