// Batch detail /bande/:id (spec part 1 §2, §9): header, figure cards, the egg panel of a laying
// batch, the tables of expenses, sales, losses and weighings, the entry dialogs, a confirmation
// before every cancel, and closing the batch. Every entry shows and counts on its own day (`date`,
// shared/formulas/birds.ts jourSaisie), lists are in the order of those days, and weighings and egg
// collections can be corrected and cancelled like expenses and sales (a cancelled one leaves the
// lists and the indicators). An entry refused after sync opens in its own dialog, prefilled, from
// the list of this batch's unsent entries or from #/synchro (`?corriger=<entry>`). The feed it ate
// from the farm's store is entered here too (« Consommation d'aliment », the Aliment page's dialog
// with the batch fixed), and its water, feed and temperatures by day are drawn below its indicators.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { type BandeDetail } from '@shared/schemas/bandes';
import { BANDE_MSG } from '@shared/messages/bandes';
import { corrigerAbattage, estAbattage } from '../../../lib/abattage/abattage';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { useOutbox } from '../../../lib/offline/outbox';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBande } from '../api/get-bande';
import { useCollectes } from '../api/get-collectes';
import { useTypesDepense } from '../api/get-types-depense';
import { useRaces } from '../api/get-races';
import { ArchivedNotice } from '../components/ArchivedNotice';
import { BandeDialog } from '../components/BandeDialog';
import { BandeFigures } from '../components/BandeFigures';
import { BandeHeader } from '../components/BandeHeader';
import { BatchInsights } from '../components/BatchInsights';
import { CancelEntryDialog, type Cancel } from '../components/CancelEntryDialog';
import { DeleteBandeDialog } from '../components/DeleteBandeDialog';
import { EggPanel } from '../components/EggPanel';
import { EauAliment } from '../components/EauAliment';
import { ConsommationDialog } from '../../../lib/aliment/ConsommationDialog';
import { DepenseDetailsDialog, DepenseGroupsTable, PerteTable, PesageTable, VenteTable } from '../components/EntryTables';
import { CollecteDialog } from '../components/entries/CollecteDialog';
import { DepenseDialog } from '../components/entries/DepenseDialog';
import { PerteDialog } from '../components/entries/PerteDialog';
import { PesageDialog } from '../components/entries/PesageDialog';
import { VenteDialog } from '../components/entries/VenteDialog';
import { correctionDialog, live, type DetailDialog } from '../logic/detail';
import '../bandes.css';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { loadMessage } from '../../../lib/http';

export default function BandeDetailPage() {
  const id = Number(useParams().id);
  const bande = useBande(id);
  if (!Number.isInteger(id) || id <= 0 || (bande.isError && !bande.data)) {
    return (
      <section className="page ui-page bd-page">
        <div className="alert alert-error" role="alert">
          {bande.error ? loadMessage(bande.error) : BANDE_MSG.bandeNotFound}
        </div>
        <Link to="/bande">Retour aux bandes</Link>
      </section>
    );
  }
  if (!bande.data) return <PageLoader />;
  return <Detail b={bande.data} updatedAt={bande.dataUpdatedAt} />;
}

function Detail({ b, updatedAt }: { b: BandeDetail; updatedAt: number }) {
  const types = useTypesDepense();
  const pondeuse = b.type === 'pondeuse';
  const collectesQ = useCollectes(b.id, pondeuse);
  // A cancelled collection leaves every list and figure (the server leaves it out too).
  const collectes = useMemo(() => (collectesQ.data ?? []).filter(live), [collectesQ.data]);
  const races = useRaces();
  const [dialog, setDialog] = useState<DetailDialog>(null);
  const navigate = useNavigate();
  const [cancel, setCancel] = useState<Cancel | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [flash, showFlash] = useTimedMessage<string>();
  // An archived batch takes no entry until restored, like a closed one: no button to add, correct
  // or cancel one shows.
  const active = b.statut === 'ACTIVE' && !b.archive;
  const typeName = (t: number) => types.data?.find((x) => x.id === t)?.nom ?? `Type ${t}`;
  // #/synchro's « Corriger »: the refused entry opens in its dialog once the outbox is read (state
  // adjusted during render, once per entry named in the address).
  const corriger = useSearchParams()[0].get('corriger');
  const outbox = useOutbox();
  const [opened, setOpened] = useState<string | null>(null);
  const toCorrect = corriger && corriger !== opened ? outbox.find((e) => e.id === corriger && e.state === 'failed' && e.bandeId === b.id) : undefined;
  if (toCorrect && active) {
    setOpened(toCorrect.id);
    setDialog(correctionDialog(toCorrect, b, collectes));
  }
  const onOpen = active ? setDialog : undefined;
  const onCancel = active ? setCancel : undefined;
  const close = () => setDialog(null);
  const saved = (message: string) => {
    setDialog(null);
    showFlash(message);
  };

  return (
    <section className="page ui-page bd-page">
      <BandeHeader
        b={b}
        active={active}
        onOpen={setDialog}
        onCloture={() => setCancel({ kind: 'cloture' })}
        onDelete={b.nb_saisies === 0 ? () => setDeleting(true) : undefined}
      />
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}

      {b.archive && <ArchivedNotice id={b.id} onRestored={showFlash} />}
      <OfflineNote updatedAt={updatedAt} />
      <PendingEntries
        filter={(e) => e.bandeId === b.id}
        title="Saisies de cette bande non envoyées"
        // A slaughter is corrected in its own form, not in a dialog of the batch.
        onCorrect={active ? (e) => (estAbattage(e) ? navigate(corrigerAbattage(e)) : setDialog(correctionDialog(e, b, collectes))) : undefined}
      />

      <BandeFigures b={b} />

      <BatchInsights b={b} collectes={collectes} races={races.data} />

      <EauAliment id={b.id} />

      {pondeuse && (
        <EggPanel
          collectes={collectes}
          bande={b}
          onEdit={active ? (c) => setDialog({ kind: 'collecte', collecte: c }) : undefined}
          onCancel={active ? (c) => setCancel({ kind: 'collect', id: c.id }) : undefined}
        />
      )}

      <DepenseGroupsTable b={b} typeName={typeName} onOpen={setDialog} />
      <VenteTable b={b} onOpen={onOpen} onCancel={onCancel} />
      <div className="bd-two">
        <PerteTable b={b} onCancel={onCancel} />
        <PesageTable b={b} onOpen={onOpen} onCancel={onCancel} />
      </div>

      {dialog?.kind === 'perte' && (
        <PerteDialog key={dialog.refused?.id} bande={b} collectes={collectes} onClose={close} onSaved={saved} refused={dialog.refused} />
      )}
      {dialog?.kind === 'depense' && (
        <DepenseDialog key={dialog.refused?.id} bande={b} depense={dialog.depense} onClose={close} onSaved={saved} refused={dialog.refused} />
      )}
      {dialog?.kind === 'vente' && (
        <VenteDialog key={dialog.refused?.id} bande={b} vente={dialog.vente} onClose={close} onSaved={saved} refused={dialog.refused} />
      )}
      {dialog?.kind === 'pesage' && (
        <PesageDialog key={dialog.refused?.id} bande={b} pesage={dialog.pesage} onClose={close} onSaved={saved} refused={dialog.refused} />
      )}
      {dialog?.kind === 'collecte' && (
        <CollecteDialog
          key={dialog.refused?.id}
          bande={b}
          collecte={dialog.collecte}
          collectes={collectes}
          onClose={close}
          onSaved={saved}
          refused={dialog.refused}
        />
      )}
      {dialog?.kind === 'aliment' && (
        <ConsommationDialog
          key={dialog.refused?.id}
          refused={dialog.refused}
          fixe
          bandes={[{ id: b.id, nom: b.nom, date_demarage: b.date_demarage }]}
          onClose={close}
          onSaved={saved}
        />
      )}
      {dialog?.kind === 'bande' && <BandeDialog bande={b} typeFixe={!!b.nb_saisies} onClose={close} onSaved={() => saved('Bande modifiée')} />}
      {deleting && <DeleteBandeDialog b={b} onClose={() => setDeleting(false)} />}
      {dialog?.kind === 'details' && <DepenseDetailsDialog b={b} type={dialog.type} typeName={typeName} onClose={close} onOpen={onOpen} onCancel={onCancel} />}
      {cancel && (
        <CancelEntryDialog
          key={cancel.kind === 'cloture' ? 'cloture' : `${cancel.kind}-${cancel.id}`}
          bandeId={b.id}
          cancel={cancel}
          onClose={() => setCancel(null)}
          onDone={(message) => {
            setCancel(null);
            showFlash(message);
          }}
        />
      )}
    </section>
  );
}
