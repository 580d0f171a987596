// The batch header's banner while a withdrawal runs (issue 34 §3): « Viande : délai d'attente
// jusqu'au jj/mm/aaaa inclus ». Read from the batch's health answer (GET api/sante/bande/{id},
// `attente`: the withdrawals running today); nothing while it loads or when none runs.
import { useQuery } from '@tanstack/react-query';
import { SANTE_MSG } from '../../../../shared/messages/sante';
import { santeBandeQueryOptions } from '../queries/sante';

export function AttenteEnCours({ id }: { id: number }) {
  const attente = useQuery(santeBandeQueryOptions(id)).data?.attente;
  if (!attente?.viande_jusqu_au && !attente?.oeufs_jusqu_au) return null;
  return (
    <div className="alert alert-warning attente-banner" role="status" data-testid="attente-en-cours">
      {attente.viande_jusqu_au && <span>{SANTE_MSG.attenteEnCours('viande', attente.viande_jusqu_au)}</span>}
      {attente.oeufs_jusqu_au && <span>{SANTE_MSG.attenteEnCours('oeufs', attente.oeufs_jusqu_au)}</span>}
    </div>
  );
}
