// #/aliment: the farm's feed store. Its figures (stock, value, average cost,
// daily consumption, days left against the threshold, and where each batch's daily figure comes
// from), the threshold's setting, « Acheter de l'aliment » and « Consommation », the purchases and
// the consumptions (each cancellable, each exported as CSV) and the stock day by day. Readable
// offline from the device's copy (the store's queries are persisted); a purchase or a consumption
// typed offline waits in the outbox and shows in the unsent entries above the lists.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ConsommationDialog } from '../../../lib/aliment/ConsommationDialog';
import { serverMessage } from '../../../lib/http';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { bandesQueryOptions } from '../../../lib/queries/bandes';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useAchatsAliment, useConsommationsAliment, useStockAliment } from '../api/get-aliment';
import { AchatDialog } from '../components/AchatDialog';
import { AchatsList, ConsommationsList } from '../components/AlimentLists';
import { CancelAlimentDialog, type AlimentCancel } from '../components/CancelAlimentDialog';
import { SeuilForm } from '../components/SeuilForm';
import { StockCards } from '../components/StockCards';
import { StockJours } from '../components/StockJours';
import '../aliment.css';

export default function AlimentPage() {
  const stock = useStockAliment();
  const achats = useAchatsAliment();
  const consos = useConsommationsAliment();
  const bandesQ = useQuery(bandesQueryOptions());
  // The batches that may still eat from the store: active, not archived.
  const actives = useMemo(
    () => (bandesQ.data ?? []).filter((b) => b.statut === 'ACTIVE' && !b.archive).map((b) => ({ id: b.id, nom: b.nom, date_demarage: b.date_demarage })),
    [bandesQ.data],
  );
  const [dialog, setDialog] = useState<'achat' | 'conso' | null>(null);
  // An entry refused after sync, opened in its dialog by « Corriger ».
  const [refused, setRefused] = useState<OutboxEntry | undefined>(undefined);
  const open = (d: 'achat' | 'conso' | null, r?: OutboxEntry) => {
    setRefused(r);
    setDialog(d);
  };
  const [cancel, setCancel] = useState<AlimentCancel | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const saved = (message: string) => {
    setDialog(null);
    setCancel(null);
    showFlash(message);
  };
  return (
    <section className="page ui-page bd-page aliment-page">
      <div className="page-header">
        <div>
          <h1>Aliment</h1>
          <p className="bd-subtitle">Le stock d'aliment de la ferme : achats, consommation des bandes, jours restants.</p>
        </div>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" onClick={() => open('achat')}>
            Acheter de l'aliment
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => open('conso')}
            disabled={!actives.length}
            title={actives.length ? undefined : 'Aucune bande active'}
          >
            Consommation
          </button>
        </div>
      </div>
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}
      <OfflineNote updatedAt={stock.dataUpdatedAt} />
      <PendingEntries
        filter={(e) => e.kind === 'aliment-achat' || e.kind === 'aliment-conso'}
        title="Saisies d'aliment non envoyées"
        onCorrect={(e) => open(e.kind === 'aliment-achat' ? 'achat' : 'conso', e)}
      />

      {stock.isError && !stock.data && <div className="alert alert-error">{serverMessage(stock.error, BANDE_MSG.operationFailed)}</div>}
      {!stock.data && !stock.isError && <PageLoader />}
      {stock.data && (
        <>
          <StockCards stock={stock.data} />
          <div className="card">
            <SeuilForm seuil={stock.data.seuil_jours} baisseEau={stock.data.baisse_eau_pct} onSaved={showFlash} />
          </div>
        </>
      )}

      <AchatsList
        rows={achats.data}
        loading={achats.isPending}
        error={achats.data ? null : achats.error}
        onCancel={(achat) => setCancel({ kind: 'achat', achat })}
      />
      <ConsommationsList
        rows={consos.data}
        loading={consos.isPending}
        error={consos.data ? null : consos.error}
        onCancel={(conso) => setCancel({ kind: 'conso', conso })}
      />
      {stock.data && <StockJours jours={stock.data.jours} />}

      {dialog === 'achat' && (
        <AchatDialog key={refused?.id} refused={refused} coutMoyenKg={stock.data?.cout_moyen_kg ?? 0} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {dialog === 'conso' && (
        <ConsommationDialog
          key={refused?.id}
          refused={refused}
          bandes={actives}
          stockKg={stock.data?.stock_kg}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      )}
      {cancel && <CancelAlimentDialog key={cancel.kind} cancel={cancel} onClose={() => setCancel(null)} onDone={saved} />}
    </section>
  );
}
