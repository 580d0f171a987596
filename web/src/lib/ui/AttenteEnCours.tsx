// The batch header's banner while a withdrawal runs: « Viande : délai d'attente
// jusqu'au jj/mm/aaaa inclus ». `attente`: the withdrawals running today, as the batch's answer
// (GET api/bande/{id}) and its health answer (GET api/sante/bande/{id}) both carry them; nothing
// when none runs.
import { SANTE_MSG } from '@shared/messages/sante';

export function AttenteEnCours({ attente }: { attente?: { viande_jusqu_au?: string; oeufs_jusqu_au?: string } | null }) {
  if (!attente?.viande_jusqu_au && !attente?.oeufs_jusqu_au) return null;
  return (
    <div className="alert alert-warning attente-banner" role="status" data-testid="attente-en-cours">
      {attente.viande_jusqu_au && <span>{SANTE_MSG.attenteEnCours('viande', attente.viande_jusqu_au)}</span>}
      {attente.oeufs_jusqu_au && <span>{SANTE_MSG.attenteEnCours('oeufs', attente.oeufs_jusqu_au)}</span>}
    </div>
  );
}
