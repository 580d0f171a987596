// The two countries of the phone rule (shared/phone.ts) as plain data, without libphonenumber-js:
// the message catalogue (shared/messages/phone.ts) and the screens name them from here.
import type { CountryCode } from 'libphonenumber-js/core';

export type PhoneCountry = 'sn' | 'ci';

export const PHONE_COUNTRIES: Record<
  PhoneCountry,
  { iso: CountryCode; nom: string; pour: string; du: string; indicatif: string; chiffres: number; exemple: string }
> = {
  sn: { iso: 'SN', nom: 'Sénégal', pour: 'pour le Sénégal', du: 'du Sénégal', indicatif: '+221', chiffres: 9, exemple: '77 123 45 67' },
  ci: { iso: 'CI', nom: "Côte d'Ivoire", pour: "pour la Côte d'Ivoire", du: "de Côte d'Ivoire", indicatif: '+225', chiffres: 10, exemple: '07 07 07 07 07' },
};
