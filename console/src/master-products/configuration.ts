// The variant configuration as the editor holds it, and what the API takes: attributes with their values, whose
// combinations are the variants generation makes. The API refuses more than MAX_COMBINATIONS; the editor
// says so before sending.
import type { components } from '../../../clients/typescript/src/openapi';

export const MAX_COMBINATIONS = 1000;
export const MAX_ATTRIBUTES = 20;

export interface AttributeDraft {
  name: string;
  values: string[];
}

export type StoredConfiguration = components['schemas']['MasterProduct']['variant_attributes'];

/** The number of variants the attributes generate: the product of their value counts; 0 without any. */
export function combinationCount(attributes: readonly AttributeDraft[]): number {
  if (attributes.length === 0) return 0;
  return attributes.reduce((count, attribute) => count * attribute.values.length, 1);
}

/** Why the configuration cannot be sent, or null when it can. Only what the count shows at a glance. */
export function configurationProblem(attributes: readonly AttributeDraft[]): string | null {
  const count = combinationCount(attributes);
  if (count > MAX_COMBINATIONS)
    return `Too many variants: ${count.toLocaleString()} combinations; at most ${MAX_COMBINATIONS.toLocaleString()} are allowed.`;
  if (attributes.length > MAX_ATTRIBUTES) return `At most ${MAX_ATTRIBUTES} attributes are allowed.`;
  return null;
}

/** The stored configuration as the editor's rows. */
export function draftOf(stored: StoredConfiguration): AttributeDraft[] {
  return (stored?.attributes ?? []).map(({ name, values }) => ({ name, values: [...values] }));
}

/** The editor's rows as the API's configuration (shape 1); null removes the configuration. */
export function configurationBody(attributes: readonly AttributeDraft[]): StoredConfiguration {
  if (attributes.length === 0) return null;
  return {
    attributes: attributes.map(({ name, values }) => ({
      name: name.trim(),
      values: values.map((value) => value.trim()),
    })),
    allowCombinations: true,
  };
}

/** Whether the editor differs from what is stored (names, values and their order, as the API compares them). */
export function isChanged(attributes: readonly AttributeDraft[], stored: StoredConfiguration): boolean {
  return (
    JSON.stringify(configurationBody(attributes)?.attributes ?? null) !== JSON.stringify(stored?.attributes ?? null)
  );
}
