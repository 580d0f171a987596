// What a number field says when the text typed cannot be read as one number (shared/nombres.ts,
// decision 0213). Plain functions over shared/format only: the public storefront reads them too.
import { formatNombre } from '../format';

export const NOMBRE_MSG = {
  /**
   * « 1.500 » (or « 1,500 » where only whole numbers are accepted): a thousands separator or a
   * decimal one. Refused, with both readings and how to type each, rather than guessed.
   */
  ambigu: (label: string, typed: string, milliers: number, decimal: number, entier: boolean): string =>
    entier
      ? `${label} : « ${typed} » veut dire ${formatNombre(milliers)} ? Tapez ${milliers}, sans point ni virgule`
      : `${label} : « ${typed} » veut dire ${formatNombre(milliers)} ou ${formatNombre(decimal)} ? Tapez ${milliers} ou ${formatNombre(decimal)}`,
} as const;
