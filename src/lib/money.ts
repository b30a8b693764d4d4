// Money is kept as integer minor units with the currency's ISO 4217 exponent (USD 2, JPY 0, KWD 3)
// and converted to JSON numbers in currency units only at the edge.
import currencyCodes from 'currency-codes';

/**
 * The currency every tenant starts with (the default of `tenants.default_currency`). A request that names no
 * currency takes its tenant's `default_currency` instead (TenantService.defaultCurrency). This one stays the
 * currency of product rows written before prices carried one, whatever the tenant's default is now, and of
 * supplier amounts and spend, which store no currency (docs/decisions/tenants-and-users.md, Tenant settings).
 */
export const DEFAULT_CURRENCY = 'USD';

/** Largest amount in currency units that converts exactly (well inside 2^53 minor units). */
const MAX_AMOUNT = 1e12;

/** ISO 4217 codes that are not money: precious metals, SDR, units of account and the test codes. */
const NOT_MONEY = /^X(AU|AG|PD|PT|DR|SU|UA|B[A-D]|TS|XX)$/;

/**
 * Minor-unit digits by ISO 4217 code, read once: the package's own lookup scans its whole list, and every price
 * of every resource answered asks.
 */
const EXPONENTS: ReadonlyMap<string, number> = new Map(currencyCodes.data.map((entry) => [entry.code, entry.digits]));

/** True for the ISO 4217 code of a currency; metals, units of account and test codes are refused. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && !NOT_MONEY.test(code) && EXPONENTS.has(code);
}

/** The number of minor-unit digits of an ISO 4217 currency. */
export function currencyExponent(currency: string): number {
  const digits = EXPONENTS.get(currency.toUpperCase());
  if (digits === undefined) throw new RangeError(`Unknown currency ${currency}.`);
  return digits;
}

/**
 * Converts an amount in currency units to integer minor units, rounding half away from zero.
 * Works on the shortest decimal form of the number (1.005 is read as 1.005, not 1.00499…).
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount) || Math.abs(amount) > MAX_AMOUNT) {
    throw new RangeError(`Amount must be a finite number of at most ${MAX_AMOUNT}.`);
  }
  const exponent = currencyExponent(currency);
  const magnitude = Math.abs(amount);
  // String() gives the shortest round-tripping decimal; tiny numbers come in exponent form instead.
  const decimal = /e/i.test(String(magnitude)) ? magnitude.toFixed(20) : String(magnitude);
  const [whole = '0', fraction = ''] = decimal.split('.');
  const kept = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0').slice(0, exponent) || '0');
  const minor = Number(fraction.charAt(exponent) || '0') >= 5 ? kept + 1 : kept;
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/** Converts integer minor units to a JSON number in currency units. */
export function fromMinorUnits(minor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? minor : Number((minor / 10 ** exponent).toFixed(exponent));
}
