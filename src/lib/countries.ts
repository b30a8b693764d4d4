// ISO 3166-1 alpha-2: the officially assigned country codes (249), for addresses that must name a country, from
// the `iso-3166` package. Its country list only (`1.js`): the package's root also loads every subdivision.
import { iso31661 } from 'iso-3166/1.js';

const ASSIGNED = new Set(iso31661.filter((country) => country.state === 'assigned').map((country) => country.alpha2));

/** The number of assigned codes, for tests. */
export const COUNTRY_CODE_COUNT = ASSIGNED.size;

/** True for an assigned ISO 3166-1 alpha-2 code, in capitals (`GB`, not `gb` nor the reserved `UK` or `EU`). */
export function isCountryCode(code: string): boolean {
  return ASSIGNED.has(code);
}
