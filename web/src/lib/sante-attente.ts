// The withdrawal a sale dated on a given day would fall into, read from the batch's treatments as
// the server reads them (shared/formulas/sante.ts `fenetreAttente`, `attenteSur`): the sale dialog
// refuses it before sending, with the server's own message and end date.
import { attenteSur, fenetreAttente, type AttentesBande } from '../../../shared/formulas/sante';
import { SANTE_MSG } from '../../../shared/messages/sante';
import type { Traitement } from '../../../shared/schemas/sante';

/** The windows of the treatments still in force (a cancelled one blocks nothing). */
export function attentesDe(traitements: readonly Traitement[] | undefined): AttentesBande {
  const out: AttentesBande = {};
  for (const t of traitements ?? []) {
    if (t.etat === 'DELETED') continue;
    const viande = fenetreAttente(t, t.attente_viande_jours);
    const oeufs = fenetreAttente(t, t.attente_oeufs_jours);
    if (!viande && !oeufs) continue;
    out[String(t.id)] = { debut: t.debut, viande_jusqu_au: viande?.jusqu_au ?? null, oeufs_jusqu_au: oeufs?.jusqu_au ?? null };
  }
  return out;
}

/**
 * The refusal of a sale dated `day` that takes `kind` (birds: meat; eggs: eggs), or null when it is
 * allowed: the server's 409 message, so the farmer reads the same sentence offline and online.
 */
export function refusAttente(traitements: readonly Traitement[] | undefined, day: string, kind: 'viande' | 'oeufs'): string | null {
  const fin = attenteSur(attentesDe(traitements), day, kind);
  if (!fin) return null;
  return kind === 'viande' ? SANTE_MSG.attenteViande(fin) : SANTE_MSG.attenteOeufs(fin);
}
