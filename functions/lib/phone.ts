// The phone rule on the server (shared/phone.ts): a number typed without its code is read in the
// business's country, which comes from its profile (one GetItem), never from the request.
import { businessPhoneCountry, checkPhone, type PhoneCountry } from '@shared/phone';
import { badRequest } from './errors';
import { getEntreprise } from './repo/entreprises';

/** The country of the business's numbers written without a code (null: the code is required). */
export async function businessCountry(tenantId: number): Promise<PhoneCountry | null> {
  const e = await getEntreprise(tenantId);
  return businessPhoneCountry(e?.pays, e?.telephone);
}

/** The E.164 form of a required number, or a 400 with the rule's French message. */
export function phoneOrRefuse(value: string, country: PhoneCountry | null, opts: { mobile?: boolean } = {}): string {
  const r = checkPhone(value, country, opts);
  if (!r.ok) throw badRequest(r.message);
  return r.e164;
}

/** The same for an optional number: absent or empty stays null. */
export function optionalPhoneOrRefuse(value: string | null | undefined, country: PhoneCountry | null): string | null {
  return value && value.trim() ? phoneOrRefuse(value, country) : null;
}
