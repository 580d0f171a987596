// The confirmation before cancelling a purchase or a consumption. Sent at once (office work); a
// purchase whose kg were eaten since is refused with the server's 409 (« Annulation impossible :
// sans cet achat, le stock … »), shown inside the dialog in its words.
import { useState } from 'react';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ALIMENT_ECRAN } from '@shared/messages/aliment';
import type { AchatAliment, ConsommationAliment } from '@shared/schemas/aliment';
import { useAlimentMutation } from '../../../lib/aliment/consommation';
import { formatDate, formatFcfa, formatNumber } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { cancelAchat, cancelConsommation } from '../api/mutations';

export type AlimentCancel = { kind: 'achat'; achat: AchatAliment } | { kind: 'conso'; conso: ConsommationAliment };

export function CancelAlimentDialog({ cancel, onClose, onDone }: { cancel: AlimentCancel; onClose: () => void; onDone: (message: string) => void }) {
  const mut = useAlimentMutation((c: AlimentCancel): Promise<unknown> => (c.kind === 'achat' ? cancelAchat(c.achat.id) : cancelConsommation(c.conso.id)));
  const [error, setError] = useState<string | null>(null);
  const text =
    cancel.kind === 'achat'
      ? {
          title: "Annuler l'achat",
          question: `Annuler l'achat « ${cancel.achat.designation} » du ${formatDate(cancel.achat.date)} (${formatNumber(cancel.achat.kg)} kg, ${formatFcfa(cancel.achat.prix_total)}) ? Ses kg sortent du stock.`,
          ok: ALIMENT_ECRAN.achatAnnule,
        }
      : {
          title: 'Annuler la consommation',
          question: `Annuler la consommation de ${formatNumber(cancel.conso.kg)} kg du ${formatDate(cancel.conso.date)} (${cancel.conso.nom_bande ?? `bande ${cancel.conso.id_bande}`}) ? Ses kg reviennent au stock.`,
          ok: ALIMENT_ECRAN.consommationAnnulee,
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
        mut.mutate(cancel, { onSuccess: () => onDone(text.ok), onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)) });
      }}
    />
  );
}
