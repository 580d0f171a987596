// French messages of phone numbers (Senegal and Côte d'Ivoire numbering plans), shared by
// the server and the screens. The countries' facts (code, digits, example) come with the rule.
import { PHONE_COUNTRIES, type PhoneCountry } from '../phone-countries';

export const PHONE_MSG = {
  required: 'Téléphone requis',
  invalid: (c: PhoneCountry) => {
    const k = PHONE_COUNTRIES[c];
    return `Numéro de téléphone invalide ${k.pour} : ${k.chiffres} chiffres, par ex. ${k.exemple}.`;
  },
  /** Added when the digits typed are a valid number of the other country. */
  otherCountry: (c: PhoneCountry) => ` Pour un numéro ${PHONE_COUNTRIES[c].du}, ajoutez ${PHONE_COUNTRIES[c].indicatif} devant.`,
  foreign: "Seuls les numéros du Sénégal (+221) et de Côte d'Ivoire (+225) sont acceptés.",
  needsCode: "Indiquez le numéro avec son indicatif : +221 pour le Sénégal, +225 pour la Côte d'Ivoire.",
  /** Payments need a mobile of the payment's country (Wave, Orange Money). */
  mobile: (c: PhoneCountry) => {
    const k = PHONE_COUNTRIES[c];
    return `Numéro mobile ${k.du} invalide : ${k.chiffres} chiffres, par ex. ${k.exemple}.`;
  },
} as const;
