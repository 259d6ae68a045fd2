/** numeric columns arrive as strings ('1250.00'); the API answers numbers (1250). */
export function toMoney(value: string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Numbers go into numeric columns as exact decimal strings. */
export function fromMoney(value: number): string {
  return value.toFixed(2);
}
