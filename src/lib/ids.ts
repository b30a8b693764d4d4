// ULIDs, lowercase and monotonic: ids made in the same millisecond still sort in creation order.
import { monotonicFactory } from 'ulid';

export type IdGenerator = () => string;

export function createIdGenerator(): IdGenerator {
  const next = monotonicFactory();
  return () => next().toLowerCase();
}

export const newId: IdGenerator = createIdGenerator();

const ULID_PATTERN = /^[0-9a-hjkmnp-tv-z]{26}$/;

export function isUlid(value: string): boolean {
  return ULID_PATTERN.test(value);
}
