// Mantine's number inputs hold '' while empty: what the API receives for them.

/** A required quantity: an empty field is sent as 0, for the API to refuse at its field. */
export function quantityValue(value: number | string): number {
  return value === '' ? 0 : Number(value);
}

/** An optional number: empty means none (null), which the API reads as "not set". */
export function optionalNumber(value: number | string): number | null {
  return value === '' ? null : Number(value);
}

/** An optional text: blank is left out. */
export function optionalText(value: string): string | undefined {
  return value.trim() === '' ? undefined : value.trim();
}
