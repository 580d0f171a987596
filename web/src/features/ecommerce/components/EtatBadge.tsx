// The state of an online order in its French label (spec §4), coloured as the spec says:
// PENDING orange, CANCELED red, FINISHED green, any other black.
import { ETAT_LABELS, type EtatCommandeEcom } from '@shared/schemas/ecommerce';

const COLOUR: Partial<Record<EtatCommandeEcom, string>> = { PENDING: 'etat-pending', CANCELED: 'etat-canceled', FINISHED: 'etat-finished' };

export function EtatText({ etat }: { etat: EtatCommandeEcom | 'PAYED' | 'DELIVERED' }) {
  return <span className={`etat ${COLOUR[etat as EtatCommandeEcom] ?? 'etat-other'}`}>{ETAT_LABELS[etat as EtatCommandeEcom] ?? etat}</span>;
}
