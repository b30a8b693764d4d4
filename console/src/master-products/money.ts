/** An amount in currency units as the user's locale writes money; a dash when unpriced. */
export function formatPrice(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '—';
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
}
