// An amount in French words for receipts and invoices: 1 250 300 → "un million deux cent cinquante
// mille trois cents francs CFA". Traditional spelling (vingt and cent take an s only when they end
// the number and are multiplied; mille never does).
const UNITS = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize'];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

function below100(n: number): string {
  if (n < 17) return UNITS[n];
  if (n < 20) return `dix-${UNITS[n - 10]}`;
  if (n < 70) {
    const t = TENS[Math.floor(n / 10)];
    const u = n % 10;
    return u === 0 ? t : u === 1 ? `${t} et un` : `${t}-${UNITS[u]}`;
  }
  if (n < 80) return n === 71 ? 'soixante et onze' : `soixante-${below100(n - 60)}`;
  return n === 80 ? 'quatre-vingts' : `quatre-vingt-${below100(n - 80)}`;
}

function below1000(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h === 0) return below100(r);
  const head = h === 1 ? 'cent' : `${UNITS[h]} cent${r === 0 ? 's' : ''}`;
  return r === 0 ? head : `${head} ${below100(r)}`;
}

/** Before "mille" the plural s of vingts/cents goes. */
const beforeMille = (s: string) => s.replace(/(vingt|cent)s$/, '$1');

export function nombreEnLettres(n: number): string {
  let v = Math.round(Math.abs(n));
  if (v === 0) return 'zéro';
  const parts: string[] = [];
  const milliards = Math.floor(v / 1e9);
  v %= 1e9;
  const millions = Math.floor(v / 1e6);
  v %= 1e6;
  const milliers = Math.floor(v / 1000);
  const reste = v % 1000;
  if (milliards) parts.push(`${below1000(milliards)} milliard${milliards > 1 ? 's' : ''}`);
  if (millions) parts.push(`${below1000(millions)} million${millions > 1 ? 's' : ''}`);
  if (milliers) parts.push(milliers === 1 ? 'mille' : `${beforeMille(below1000(milliers))} mille`);
  if (reste) parts.push(below1000(reste));
  return `${n < 0 ? 'moins ' : ''}${parts.join(' ')}`;
}

export const montantEnLettres = (n: number) => `${nombreEnLettres(n)} francs CFA`;
