// The withdrawal a sale dated on a given day would fall into, read from the batch's treatments as
// the server reads them (shared/formulas/sante.ts `attentesDesTraitements`, `attenteSur`): the sale dialog
// refuses it before sending, with the server's own message and end date.
import { attenteSur, attentesDesTraitements } from '@shared/formulas/sante';
import { SANTE_MSG } from '@shared/messages/sante';
import type { Traitement } from '@shared/schemas/sante';

/**
 * The refusal of a sale dated `day` that takes `kind` (birds: meat; eggs: eggs), or null when it is
 * allowed: the server's 409 message, so the farmer reads the same sentence offline and online.
 */
export function refusAttente(traitements: readonly Traitement[] | undefined, day: string, kind: 'viande' | 'oeufs'): string | null {
  const fin = attenteSur(attentesDesTraitements(traitements), day, kind);
  if (!fin) return null;
  return kind === 'viande' ? SANTE_MSG.attenteViande(fin) : SANTE_MSG.attenteOeufs(fin);
}
