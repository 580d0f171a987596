// The new sale's client search by phone (spec part 2 §5): spaces and the +221 / 00221 dial code
// are ignored; a number must match a client's phone exactly, since a phone identifies a person.
import { CLIENT_INDICATIF } from '../../../../../shared/schemas/clients';

export function normalizePhone(s: string | null | undefined): string {
  let v = (s ?? '').replace(/[\s.-]+/g, '');
  const dial = CLIENT_INDICATIF.replace('+', '');
  if (v.startsWith(`+${dial}`)) v = v.slice(dial.length + 1);
  else if (v.startsWith(`00${dial}`)) v = v.slice(dial.length + 2);
  return v;
}

export function findClientByPhone<T extends { telephone?: string | null }>(clients: readonly T[], phone: string): T | null {
  const key = normalizePhone(phone);
  if (!key) return null;
  return clients.find((c) => normalizePhone(c.telephone) === key) ?? null;
}
