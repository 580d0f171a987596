// The sign-up's phone rule, loaded by the sign-up screen once it has painted (a lazy chunk with
// libphonenumber-js and the Senegal and Côte d'Ivoire plans): the number is read in the chosen
// country; a country outside those two needs the number with +221 or +225 (docs/decisions.md).
import { countryOfPays, PHONE_COUNTRIES, phoneError } from '@shared/phone';

export const signupPhoneError = (telephone: string, pays: string): string | null => phoneError(telephone, countryOfPays(pays));

/** The phone field's example in the chosen country's writing. */
export function signupPhonePlaceholder(pays: string): string {
  const c = countryOfPays(pays);
  return c ? `ex. ${PHONE_COUNTRIES[c].exemple}` : pays ? 'ex. +221 77 123 45 67' : '';
}
