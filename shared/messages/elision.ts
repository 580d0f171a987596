// « de » before a name the user typed (a product, an expense type, a client, a strain), elided
// before a vowel or a mute h as French writes it: « le stock d'Aliment », « la créance d'Awa »,
// « d'Œufs frais », but « de Poulet ». One rule for every phrase built around a name.
const ELIDED = /^[aeiouyhàâäéèêëîïôöùûüœæ]/i;

export function de(nom: string): string {
  const n = nom.trim();
  return `${ELIDED.test(n) ? "d'" : 'de '}${n}`;
}
