/**
 * Essence is an in-app unit, never legal tender. It travels as a JSON number with at most three
 * decimals and is stored and computed as integer milli-Essence so no float ever touches a balance.
 */
export function toMilli(amount: number): number {
  const milli = Math.round(amount * 1000);
  if (!Number.isSafeInteger(milli) || Math.abs(milli - amount * 1000) > 1e-6) {
    throw new RangeError(`not an Essence amount with at most 3 decimals: ${amount}`);
  }
  return milli;
}

export function isEssenceAmount(amount: number): boolean {
  if (!Number.isFinite(amount)) return false;
  const milli = Math.round(amount * 1000);
  return Number.isSafeInteger(milli) && Math.abs(milli - amount * 1000) < 1e-6;
}

export function fromMilli(milli: number): number {
  return milli / 1000;
}
