// The new sale's client search by phone (spec part 2 §5): the number is read by the product's one
// phone rule (shared/phone.ts) in the business's country — spaces, dots, dashes, +221 / 00221 /
// +225 / 00225 allowed — and must be the client's number exactly, since a phone identifies a
// person. Older records (bare digits, stored before the phone rule) are read the same way.
import { samePhone, type PhoneCountry } from '@shared/phone';

/**
 * `country` is the business's (`undefined` while unknown: a number typed without its code is then
 * tried as Senegalese, then as Ivorian — their lengths differ, at most one reads).
 */
export function findClientByPhone<T extends { telephone?: string | null }>(clients: readonly T[], phone: string, country?: PhoneCountry | null): T | null {
  if (!phone.trim()) return null;
  const countries: (PhoneCountry | null)[] = country === undefined ? ['sn', 'ci'] : [country];
  for (const c of countries) {
    const found = clients.find((cl) => samePhone(cl.telephone, phone, c));
    if (found) return found;
  }
  return null;
}
