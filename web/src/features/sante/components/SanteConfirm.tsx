// The confirmations of the Santé tab: reopening a step done or skipped (its expense is cancelled
// with it) and cancelling a treatment (its withdrawal stops blocking sales, its expense goes). Both
// go through the outbox; a refusal shows inside the dialog in the server's words.
import { useState } from 'react';
import { BANDE_MSG } from '@shared/messages/bandes';
import type { EtapeBande, Traitement } from '@shared/schemas/sante';
import { serverMessage } from '../../../lib/http';
import { savedMessage } from '../../../lib/offline/outbox';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { cancelTraitement, etapeAnnuler, useSanteMutation } from '../api/mutations';

export type SanteCancel = { kind: 'etape'; etape: EtapeBande } | { kind: 'traitement'; traitement: Traitement };

interface Props {
  bande: { id: number; nom: string };
  cancel: SanteCancel;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function SanteConfirm({ bande, cancel, onClose, onDone }: Props) {
  const of = { bandeId: bande.id, bandeNom: bande.nom };
  const mut = useSanteMutation((c: SanteCancel): Promise<unknown> =>
    c.kind === 'etape'
      ? etapeAnnuler({ id_etape: c.etape.id }, { ...of, intitule: c.etape.intitule })
      : cancelTraitement({ id_traitement: c.traitement.id }, { ...of, produit: c.traitement.produit }),
  );
  const [error, setError] = useState<string | null>(null);
  const etape = cancel.kind === 'etape';
  const text = etape
    ? {
        title: cancel.etape.statut === 'fait' ? "Annuler l'étape faite" : "Annuler l'étape sautée",
        question:
          cancel.etape.statut === 'fait'
            ? `Remettre « ${cancel.etape.intitule} » à faire ?${cancel.etape.cout ? ' Sa dépense sera annulée avec.' : ''}`
            : `Remettre « ${cancel.etape.intitule} » à faire ?`,
        ok: 'Étape remise à faire',
      }
    : {
        title: 'Annuler le traitement',
        question: `Annuler le traitement « ${cancel.traitement.produit} » ? Son délai d'attente ne bloquera plus les ventes${cancel.traitement.cout ? ' et sa dépense sera annulée' : ''}.`,
        ok: 'Traitement annulé',
      };
  return (
    <ConfirmDialog
      title={text.title}
      question={text.question}
      pending={mut.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        mut.mutate(cancel, { onSuccess: (r) => onDone(savedMessage(r, text.ok)), onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)) });
      }}
    />
  );
}
