// A layer flock's « Œufs » tab, #/bande/:id/oeufs: the egg stock in trays and
// eggs, by size, the eggs held apart, the days an old exit left without its eggs, « Où sont allés
// les œufs », the movements (each breakage and move cancellable, the whole exported as CSV), and
// « Envoyer à la boutique » and « Casse ». Readable offline from the device's copy (the stock is a
// 'bandes' query, persisted); a move or a breakage typed offline waits in the outbox and shows
// above the movements until it is sent. A broiler batch has no eggs: the page says so.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BANDE_MSG, TYPE_BANDE } from '@shared/messages/bandes';
import { OEUFS_MSG } from '@shared/messages/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import type { BandeDetail } from '@shared/schemas/bandes';
import type { MouvementOeufsVue, StockOeufsResponse } from '@shared/schemas/oeufs';
import { usePermission } from '../../../lib/api/check-permission';
import { formatDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { EnvoiBoutiqueDialog } from '../../../lib/oeufs/EnvoiBoutiqueDialog';
import { OEUFS_KINDS } from '../../../lib/oeufs/oeufs';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { bandeDetailQueryOptions } from '../../../lib/queries/bandes';
import { BandeTabs } from '../../../lib/ui/BandeTabs';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useStockOeufs } from '../api/get-oeufs';
import { CancelOeufsDialog } from '../components/CancelOeufsDialog';
import { CasseDialog } from '../components/CasseDialog';
import { MouvementsOeufs } from '../components/MouvementsOeufs';
import { StockOeufsCards } from '../components/StockOeufsCards';
import '../oeufs.css';

export default function OeufsBandePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const bande = useQuery({ ...bandeDetailQueryOptions(id), enabled: valid });
  const pondeuse = bande.data?.type === 'pondeuse';
  const stock = useStockOeufs(id, valid && pondeuse);
  const echec = !valid || (bande.isError && !bande.data) || (stock.isError && !stock.data);
  if (echec || (bande.data && !pondeuse)) {
    const err = bande.error ?? stock.error;
    return (
      <section className="page ui-page bd-page">
        <div className="alert alert-error" role="alert">
          {bande.data && !pondeuse ? OEUFS_ECRAN.pasPondeuse : err ? serverMessage(err, BANDE_MSG.bandeNotFound) : BANDE_MSG.bandeNotFound}
        </div>
        <Link to={valid ? `/bande/${id}` : '/bande'}>Retour à la bande</Link>
      </section>
    );
  }
  if (!bande.data || !stock.data) return <PageLoader />;
  return <Oeufs b={bande.data} s={stock.data} updatedAt={stock.dataUpdatedAt} />;
}

type Dialog = { kind: 'envoi' | 'casse'; refused?: OutboxEntry } | null;

function Oeufs({ b, s, updatedAt }: { b: BandeDetail; s: StockOeufsResponse; updatedAt: number }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [cancel, setCancel] = useState<MouvementOeufsVue | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  // A move also needs the products' right (the server's RouteRow.alsoNeeds): said on the button.
  const produits = usePermission('prav').data === true;
  const ouverte = !b.archive;
  const mine = (e: OutboxEntry) => e.bandeId === b.id && OEUFS_KINDS.has(e.kind);
  const saved = (message: string) => {
    setDialog(null);
    setCancel(null);
    showFlash(message);
  };
  const fiche = { id: b.id, nom: b.nom, date_demarage: b.date_demarage };
  return (
    <section className="page ui-page bd-page oeufs-page">
      <div className="page-header">
        <div>
          <h1 data-testid="bande-nom">{b.nom}</h1>
          <p className="bd-subtitle">
            <span className="badge">{TYPE_BANDE[b.type] ?? b.type}</span> Démarrée le {formatDate(b.date_demarage)}
            {b.statut !== 'ACTIVE' && <span className="badge badge-muted bd-inline-badge">Clôturée</span>}
          </p>
        </div>
        <BandeTabs id={b.id} pondeuse />
      </div>
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}
      <OfflineNote updatedAt={updatedAt} />
      {ouverte ? (
        <div className="oeufs-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setDialog({ kind: 'envoi' })}
            disabled={!produits}
            title={produits ? undefined : OEUFS_MSG.droitProduits}
          >
            {OEUFS_ECRAN.envoyer}
          </button>
          <button type="button" className="btn" onClick={() => setDialog({ kind: 'casse' })}>
            {OEUFS_ECRAN.casse}
          </button>
        </div>
      ) : (
        <p className="muted">{OEUFS_ECRAN.bandeArchivee}</p>
      )}
      <PendingEntries
        filter={mine}
        title="Saisies d'œufs non envoyées"
        onCorrect={(e) => setDialog({ kind: e.kind === 'oeufs-casse' ? 'casse' : 'envoi', refused: e })}
      />
      <StockOeufsCards stock={s} />
      <MouvementsOeufs rows={s.mouvements} onCancel={ouverte ? setCancel : undefined} />

      {dialog?.kind === 'envoi' && (
        <EnvoiBoutiqueDialog key={dialog.refused?.id} bande={fiche} refused={dialog.refused} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {dialog?.kind === 'casse' && (
        <CasseDialog key={dialog.refused?.id} bande={fiche} stock={s} refused={dialog.refused} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {cancel && <CancelOeufsDialog key={`${cancel.genre}-${cancel.id}`} mouvement={cancel} onClose={() => setCancel(null)} onDone={saved} />}
    </section>
  );
}
