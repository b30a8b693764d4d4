// Variant configurations, pure: both input shapes read into shape 1 (docs/decisions/variants.md, Master products), the
// combination limit, the combinations themselves, and the checks of one variant's selection against a
// configuration.
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { VariantConfiguration } from '../../../db/schema.js';

export const MAX_COMBINATIONS = 1000;
/** Attributes of one value multiply nothing, so only this bounds their number (and a variant's key and SKU). */
export const MAX_ATTRIBUTES = 20;
export const MAX_NAME_LENGTH = 100;
export const MAX_VALUE_LENGTH = 100;

/** A variant's chosen value per attribute name. */
export type Selection = Record<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads shape 1 (`{attributes: [{name, values}], allowCombinations}`) or shape 2 (`{attributes: {Name: [values]}}`)
 * into shape 1: names and values trimmed, at least one attribute, each with at least one value, names and
 * values distinct (case-insensitively), at most MAX_ATTRIBUTES attributes and MAX_COMBINATIONS combinations.
 * @throws ValidationError keyed under `field` (`variant_attributes.attributes.0.values.1`, …).
 */
export function parseConfiguration(input: unknown, field = 'variant_attributes'): VariantConfiguration {
  const fail = (key: string, message: string): never => {
    throw new ValidationError({ [key]: [message] });
  };
  if (!isRecord(input)) fail(field, `The ${field} field must be an object with an attributes list.`);
  const raw = (input as Record<string, unknown>).attributes;
  const allow = (input as Record<string, unknown>).allowCombinations;
  if (allow !== undefined && typeof allow !== 'boolean')
    fail(`${field}.allowCombinations`, 'The allowCombinations field must be true or false.');
  let entries: Array<{ name: unknown; values: unknown; key: string }>;
  if (Array.isArray(raw)) {
    entries = raw.map((item, i) =>
      isRecord(item)
        ? { name: item.name, values: item.values, key: `${field}.attributes.${i}` }
        : { name: undefined, values: undefined, key: `${field}.attributes.${i}` },
    );
  } else if (isRecord(raw)) {
    entries = Object.entries(raw).map(([name, values]) => ({ name, values, key: `${field}.attributes.${name}` }));
  } else {
    return fail(
      `${field}.attributes`,
      'The attributes field is required: a list of {name, values} or a map of name to values.',
    );
  }
  if (entries.length === 0) fail(`${field}.attributes`, 'The configuration needs at least one attribute.');
  if (entries.length > MAX_ATTRIBUTES)
    fail(`${field}.attributes`, `The configuration may have at most ${MAX_ATTRIBUTES} attributes.`);

  const errors: FieldErrors = {};
  const seenNames = new Set<string>();
  const attributes: VariantConfiguration['attributes'] = [];
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? entry.name.trim() : '';
    if (!name || name.length > MAX_NAME_LENGTH) {
      errors[`${entry.key}.name`] = [`Each attribute needs a name of 1 to ${MAX_NAME_LENGTH} characters.`];
      continue;
    }
    if (seenNames.has(name.toLowerCase())) {
      errors[`${entry.key}.name`] = [`The attribute ${name} is given more than once.`];
      continue;
    }
    seenNames.add(name.toLowerCase());
    if (!Array.isArray(entry.values) || entry.values.length === 0) {
      errors[`${entry.key}.values`] = [`The attribute ${name} needs at least one value.`];
      continue;
    }
    const values: string[] = [];
    const seenValues = new Set<string>();
    entry.values.forEach((value, i) => {
      const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
      if (!text || text.length > MAX_VALUE_LENGTH)
        errors[`${entry.key}.values.${i}`] = [`Each value needs 1 to ${MAX_VALUE_LENGTH} characters.`];
      else if (seenValues.has(text.toLowerCase()))
        errors[`${entry.key}.values.${i}`] = [`The value ${text} of ${name} is given more than once.`];
      else {
        seenValues.add(text.toLowerCase());
        values.push(text);
      }
    });
    attributes.push({ name, values });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const config: VariantConfiguration = { attributes, allowCombinations: allow === undefined ? true : Boolean(allow) };
  const count = combinationCount(config);
  if (count > MAX_COMBINATIONS) {
    fail(
      field,
      `Too many variants: the configuration gives ${count} combinations; at most ${MAX_COMBINATIONS} are allowed.`,
    );
  }
  return config;
}

/**
 * True when two stored configurations are the same: attributes and values in the same order, the same
 * allowCombinations. Compared field by field, since PostgreSQL's jsonb does not keep key order.
 */
export function sameConfiguration(a: VariantConfiguration | null, b: VariantConfiguration | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.allowCombinations === b.allowCombinations &&
    a.attributes.length === b.attributes.length &&
    a.attributes.every((x, i) => {
      const y = b.attributes[i]!;
      return x.name === y.name && x.values.length === y.values.length && x.values.every((v, j) => v === y.values[j]);
    })
  );
}

export function combinationCount(config: VariantConfiguration): number {
  return config.attributes.reduce((n, a) => n * a.values.length, 1);
}

/** Every combination, in configuration order (the first attribute varies slowest). */
export function combinations(config: VariantConfiguration): Selection[] {
  let result: Selection[] = [{}];
  for (const { name, values } of config.attributes) {
    result = result.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
  }
  return result;
}

/** The canonical text of a selection: values in configuration order, so that equal combinations compare equal. */
export function variantKey(config: VariantConfiguration, selection: Selection): string {
  return JSON.stringify(config.attributes.map(({ name }) => [name, selection[name]]));
}

/**
 * Checks a variant's selection: every key a configured attribute, every value among its values, every
 * attribute supplied. Answers the selection with names and values as the configuration spells them.
 * @throws ValidationError keyed `<field>.<name>`, naming the attribute and its allowed values.
 */
export function checkSelection(
  config: VariantConfiguration,
  selection: Record<string, unknown>,
  field = 'variant_selection',
): Selection {
  const errors: FieldErrors = {};
  const byName = new Map(config.attributes.map((a) => [a.name.toLowerCase(), a]));
  const result: Selection = {};
  for (const [key, value] of Object.entries(selection)) {
    const attribute = byName.get(key.trim().toLowerCase());
    if (!attribute) {
      errors[`${field}.${key}`] = [
        `The attribute ${key} is not in the master's configuration. Configured: ${config.attributes.map((a) => a.name).join(', ')}.`,
      ];
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    const match = attribute.values.find((v) => v.toLowerCase() === text.toLowerCase());
    if (!match)
      errors[`${field}.${key}`] = [
        `The value ${String(value)} is not allowed for ${attribute.name}. Allowed: ${attribute.values.join(', ')}.`,
      ];
    else result[attribute.name] = match;
  }
  for (const attribute of config.attributes) {
    if (
      result[attribute.name] === undefined &&
      !Object.keys(selection).some((k) => k.trim().toLowerCase() === attribute.name.toLowerCase())
    ) {
      errors[`${field}.${attribute.name}`] = [
        `The ${attribute.name} attribute is required. Allowed: ${attribute.values.join(', ')}.`,
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return result;
}
