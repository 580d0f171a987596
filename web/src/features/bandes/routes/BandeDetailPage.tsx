// Batch detail /bande/:id (spec part 1 §2, §9): header, figure cards (profit and profitability only
// when revenue exceeds expenses), the egg panel of a laying batch, tables with paginators
// 5/10/20/30 (expenses grouped by type with their share and a details dialog, sales, losses,
// weighings), the entry dialogs, a confirmation before every cancel, and closing the batch.
// Issue 17: every entry shows and counts on its own day (`date`, shared/formulas.ts jourSaisie),
// lists are in the order of those days, and weighings and egg collections can be corrected and
// cancelled like expenses and sales (a cancelled one leaves the lists and the indicators).
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { batchFigures, expensesByType, jourSaisie, type ExpenseGroup } from '../../../../../shared/formulas';
import { type BandeDetail, type Collecte, type Depense, type Perte, type Pesage, type Vente } from '../../../../../shared/schemas/bandes';
import { BANDE_MSG } from '../../../../../shared/messages/bandes';
import { formatCost, formatDate, formatFcfa, formatNumber, formatRate } from '../../../lib/format';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { ApiError } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { Modal } from '../../../lib/ui/Modal';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { StatCard } from '../../../lib/ui/StatCard';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBande } from '../api/get-bande';
import { useCollectes } from '../api/get-collectes';
import { useTypesDepense } from '../api/get-types-depense';
import { archiverBande, cancelEntry, closeBande, useBandeMutation, type CancelKind } from '../api/mutations';
import { ARCHIVE_MSG } from '../../../../../shared/messages/archives';
import { BandeDialog } from '../components/BandeDialog';
import { depensesCsv, PERTES_CSV, PESAGES_CSV, VENTES_BANDE_CSV } from '../logic/csv';
import { EggPanel } from '../components/EggPanel';
import { BatchInsights } from '../components/BatchInsights';
import { useRaces } from '../api/get-races';
import { CollecteDialog } from '../components/entries/CollecteDialog';
import { DepenseDialog } from '../components/entries/DepenseDialog';
import { PerteDialog } from '../components/entries/PerteDialog';
import { PesageDialog } from '../components/entries/PesageDialog';
import { VenteDialog } from '../components/entries/VenteDialog';
import '../bandes.css';
import { OfflineNote } from '../../../lib/offline/OfflineNote';

const VENTE_COLUMNS: Column<Vente>[] = [
  { label: 'Date', cell: (v) => formatDate(jourSaisie(v)) },
  { label: 'Quantité', cell: (v) => formatNumber(v.quantite), className: 'num' },
  { label: 'Prix unitaire', cell: (v) => formatFcfa(v.prix_unitaire), className: 'num' },
  { label: 'Total', cell: (v) => formatFcfa(v.prix_total), className: 'num' },
  {
    label: 'État',
    cell: (v) => (
      <>
        {v.etat === 'DELETED' ? <span className="badge badge-danger">Annulée</span> : <span className="badge">Validée</span>}
        {v.id_vente_boutique ? (
          <>
            {' '}
            <span className="badge" title="Vente faite en boutique : elle se gère depuis l'historique des ventes">
              Boutique
            </span>
          </>
        ) : null}
      </>
    ),
  },
];
const PERTE_COLUMNS: Column<Perte>[] = [
  { label: 'Date', cell: (p) => formatDate(jourSaisie(p)) },
  { label: 'Nombre', cell: (p) => p.nombre, className: 'num' },
];
const PESAGE_COLUMNS: Column<Pesage>[] = [
  { label: 'Date', cell: (p) => formatDate(p.date_prise) },
  { label: 'Poids moyen', cell: (p) => `${formatNumber(p.poids_moyen)} ${p.unite}`, className: 'num' },
  { label: 'Échantillon', cell: (p) => p.echantillon, className: 'num' },
];
const DETAIL_COLUMNS: Column<Depense>[] = [
  { label: 'Désignation', cell: (d) => d.designation, className: 'wrap' },
  { label: 'Prix unitaire', cell: (d) => formatFcfa(d.prix_unitaire), className: 'num' },
  { label: 'Quantité', cell: (d) => formatNumber(d.quantite), className: 'num' },
  { label: 'Prix total', cell: (d) => formatFcfa(d.prix_total), className: 'num' },
  { label: 'Date', cell: (d) => formatDate(jourSaisie(d)) },
];

type Dialog =
  | { kind: 'perte' }
  | { kind: 'depense'; depense: Depense | null }
  | { kind: 'vente'; vente: Vente | null }
  | { kind: 'pesage'; pesage: Pesage | null }
  | { kind: 'collecte'; collecte: Collecte | null }
  | { kind: 'bande' }
  | { kind: 'details'; type: number }
  | null;

type Cancel = { kind: CancelKind; id: number } | { kind: 'cloture' } | null;

/** Not cancelled (a weighing, collection or loss may carry `etat`; the answers' types do not all name it). */
const live = (e: object) => (e as { etat?: string }).etat !== 'DELETED';
/** Newest day first, then the latest typed of a day. */
const byDayDesc = <T extends { id: number; date?: string | null; created_at: string }>(a: T, b: T) => {
  const da = jourSaisie(a);
  const db = jourSaisie(b);
  return da < db ? 1 : da > db ? -1 : b.id - a.id;
};

const CANCEL_TEXT = {
  vente: { title: 'Annuler la vente', question: 'Voulez-vous vraiment annuler cette vente ?', ok: BANDE_MSG.venteCancelled, ko: BANDE_MSG.operationFailed },
  depense: {
    title: 'Supprimer la dépense',
    question: 'Voulez-vous vraiment supprimer cette dépense ?',
    ok: BANDE_MSG.depenseDeleted,
    ko: BANDE_MSG.depenseDeleteFailed,
  },
  perte: { title: 'Annuler la perte', question: 'Voulez-vous vraiment annuler cette perte ?', ok: BANDE_MSG.perteCancelled, ko: BANDE_MSG.operationFailed },
  pesage: { title: 'Annuler le pesage', question: 'Voulez-vous vraiment annuler ce pesage ?', ok: BANDE_MSG.pesageCancelled, ko: BANDE_MSG.operationFailed },
  collect: {
    title: 'Annuler la collecte',
    question: 'Voulez-vous vraiment annuler cette collecte ?',
    ok: BANDE_MSG.collecteCancelled,
    ko: BANDE_MSG.operationFailed,
  },
  cloture: {
    title: 'Clôturer la bande',
    question: 'Clôturer cette bande ? Elle restera consultable mais ne pourra plus être modifiée, et ses sujets ne compteront plus dans votre abonnement.',
    ok: BANDE_MSG.closeDone,
    ko: BANDE_MSG.operationFailed,
  },
};

export default function BandeDetailPage() {
  const id = Number(useParams().id);
  const bande = useBande(id);
  if (!Number.isInteger(id) || id <= 0 || (bande.isError && !bande.data)) {
    return (
      <section className="page ui-page bd-page">
        <div className="alert alert-error" role="alert">
          {bande.error ? (bande.error as Error).message : BANDE_MSG.bandeNotFound}
        </div>
        <Link to="/bande">Retour aux bandes</Link>
      </section>
    );
  }
  if (!bande.data) return <div className="page-loader">Chargement…</div>;
  return <Detail b={bande.data} updatedAt={bande.dataUpdatedAt} />;
}

function Detail({ b, updatedAt }: { b: BandeDetail; updatedAt: number }) {
  const types = useTypesDepense();
  const pondeuse = b.type === 'pondeuse';
  const collectesQ = useCollectes(b.id, pondeuse);
  // A cancelled collection leaves every list and figure (the server leaves it out too).
  const collectes = useMemo(() => (collectesQ.data ?? []).filter(live), [collectesQ.data]);
  const races = useRaces();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [cancel, setCancel] = useState<Cancel>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const cancelMut = useBandeMutation(cancelEntry);
  const closeMut = useBandeMutation(closeBande);
  const restore = useBandeMutation(archiverBande);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  // An archived batch (issue 18) takes no entry until restored, like a closed one.
  const active = b.statut === 'ACTIVE' && !b.archive;

  const f = useMemo(() => batchFigures(b), [b]);
  const groups = useMemo(() => expensesByType(b.depenses), [b.depenses]);
  const typeName = (t: number) => types.data?.find((x) => x.id === t)?.nom ?? `Type ${t}`;
  const depenseColumns: Column<ExpenseGroup>[] = [
    { label: 'Type', cell: (g) => typeName(g.id_type_depense) },
    { label: 'Total', cell: (g) => formatFcfa(g.total), className: 'num' },
    { label: 'Pourcentage', cell: (g) => formatRate(g.pourcentage), className: 'num' },
  ];
  const ventes = useMemo(() => [...b.ventes].sort(byDayDesc), [b.ventes]);
  const pertes = useMemo(() => b.pertes.filter(live).sort(byDayDesc), [b.pertes]);
  const pesages = useMemo(
    () => b.pesages.filter(live).sort((x, y) => (x.date_prise < y.date_prise ? 1 : x.date_prise > y.date_prise ? -1 : y.id - x.id)),
    [b.pesages],
  );
  const groupsPage = usePaged(groups, DETAIL_SIZES);
  const ventesPage = usePaged(ventes, DETAIL_SIZES);
  const pertesPage = usePaged(pertes, DETAIL_SIZES);
  const pesagesPage = usePaged(pesages, DETAIL_SIZES);

  const saved = (message: string) => {
    setDialog(null);
    showFlash(message);
  };

  const confirm = () => {
    if (!cancel) return;
    setCancelError(null);
    const text = CANCEL_TEXT[cancel.kind];
    // A refusal with a reason (a collection a loss now depends on…) shows the server's words.
    const ko = (err: unknown) => (err instanceof ApiError && err.status === 400 && err.message ? `${text.ko} ${err.message}` : text.ko);
    const done = { onSuccess: () => (setCancel(null), showFlash(text.ok)), onError: (err: unknown) => setCancelError(ko(err)) };
    if (cancel.kind === 'cloture') closeMut.mutate(b.id, done);
    else cancelMut.mutate(cancel, done);
  };

  const details = dialog?.kind === 'details' ? b.depenses.filter((d) => d.id_type_depense === dialog.type).sort(byDayDesc) : [];
  const askCancel = (c: Cancel) => (setCancelError(null), setCancel(c));

  return (
    <section className="page ui-page bd-page">
      <div className="page-header">
        <div>
          <h1 data-testid="bande-nom">{b.nom}</h1>
          <p className="bd-subtitle">
            <span className="badge">{b.type}</span> Démarrée le {formatDate(b.date_demarage)}
            {b.statut !== 'ACTIVE' && <span className="badge badge-muted bd-inline-badge">Clôturée</span>}
            {b.archive && <span className="badge badge-muted bd-inline-badge">Archivée</span>}
          </p>
        </div>
        <Link className="btn no-print" to={`/bande/${b.id}/rapport`} data-testid="rapport-link">
          {b.statut === 'ACTIVE' ? 'Rapport' : 'Rapport de clôture'}
        </Link>
        {active && (
          <div className="page-actions">
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'depense', depense: null })}>
              Ajouter une dépense
            </button>
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'vente', vente: null })}>
              Ajouter une vente
            </button>
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'perte' })}>
              Enregistrer une perte
            </button>
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'pesage', pesage: null })}>
              Ajouter un pesage
            </button>
            {pondeuse && (
              <button type="button" className="btn" onClick={() => setDialog({ kind: 'collecte', collecte: null })}>
                Ajouter une collecte
              </button>
            )}
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'bande' })}>
              Modifier
            </button>
            <button type="button" className="btn btn-danger" onClick={() => (setCancelError(null), setCancel({ kind: 'cloture' }))}>
              Clôturer la bande
            </button>
          </div>
        )}
      </div>
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}

      {b.archive && (
        <div className="alert alert-warning bd-archived" role="status">
          Cette bande est archivée : elle ne figure plus dans la liste ni dans les choix, ses chiffres restent dans les totaux.{' '}
          <button
            type="button"
            className="btn btn-small"
            disabled={restore.isPending}
            onClick={() => {
              setRestoreError(null);
              restore.mutate(
                { id: b.id, archive: false },
                {
                  onSuccess: () => showFlash(ARCHIVE_MSG.bandeRestored),
                  onError: (err) => setRestoreError(err instanceof ApiError && err.status < 500 && err.message ? err.message : ARCHIVE_MSG.failed),
                },
              );
            }}
          >
            Restaurer
          </button>
        </div>
      )}
      {restoreError && (
        <div className="alert alert-error" role="alert">
          {restoreError}
        </div>
      )}
      <OfflineNote updatedAt={updatedAt} />
      <PendingEntries filter={(e) => e.bandeId === b.id} title="Saisies de cette bande non envoyées" />

      <div className="stat-cards stat-cards-2">
        <StatCard label="Nombre de sujets" value={formatNumber(b.nb_sujet)} testId="card-sujets" />
        <StatCard label="Mortalité" value={f.pertes} testId="card-mortalite" />
        <StatCard label="Taux de mortalité" value={formatRate(f.tauxMortalite)} testId="card-taux-mortalite" />
        <StatCard label="Dépenses" value={formatFcfa(f.depenses)} testId="card-depenses" />
        <StatCard label="Chiffre d'affaires" value={formatFcfa(f.chiffreAffaire)} testId="card-ca" />
        <StatCard label="Sujets vendus" value={formatNumber(b.nb_vendu)} testId="card-vendus" />
        <StatCard label="Sujets abattus" value={formatNumber(b.nb_abattu ?? 0)} testId="card-abattus" />
        <StatCard label="Coût de production" value={`${formatCost(f.coutProduction)} / sujet`} testId="card-cout" />
        {f.chiffreAffaire > f.depenses && (
          <>
            <StatCard label="Bénéfice" value={formatFcfa(f.benefice)} testId="card-benefice" tone="good" />
            {f.tauxRentabilite !== null && <StatCard label="Taux de rentabilité" value={formatRate(f.tauxRentabilite)} testId="card-rentabilite" tone="good" />}
          </>
        )}
      </div>

      <BatchInsights b={b} collectes={collectes} races={races.data} />

      {pondeuse && (
        <EggPanel
          collectes={collectes}
          bande={b}
          onEdit={active ? (c) => setDialog({ kind: 'collecte', collecte: c }) : undefined}
          onCancel={active ? (c) => askCancel({ kind: 'collect', id: c.id }) : undefined}
        />
      )}

      <DataTable
        title="Dépenses par type"
        testId="table-depenses"
        csv={{
          filename: `bande-${b.id}-depenses`,
          rows: [...b.depenses].sort(byDayDesc),
          columns: depensesCsv(typeName),
        }}
        columns={depenseColumns}
        page={groupsPage}
        empty="Aucune dépense : notez l’aliment, les vaccins… avec « Ajouter une dépense »."
        rowKey={(g) => g.id_type_depense}
        actions={(g) => (
          <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'details', type: g.id_type_depense })}>
            Détails
          </button>
        )}
      />

      <DataTable
        title="Ventes"
        testId="table-ventes"
        csv={{
          filename: `bande-${b.id}-ventes`,
          rows: ventes,
          columns: VENTES_BANDE_CSV,
        }}
        columns={VENTE_COLUMNS}
        page={ventesPage}
        empty="Aucune vente : notez une vente de cette bande avec « Ajouter une vente »."
        rowKey={(v) => v.id}
        rowClassName={(v) => (v.etat === 'DELETED' ? 'bd-cancelled' : undefined)}
        actions={(v) =>
          // A shop sale moves with its shop line (stock, creance): only the sales history changes it.
          active &&
          v.etat !== 'DELETED' &&
          !v.id_vente_boutique && (
            <>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'vente', vente: v })}>
                Modifier
              </button>
              <button type="button" className="btn btn-small btn-danger" onClick={() => askCancel({ kind: 'vente', id: v.id })}>
                Annuler
              </button>
            </>
          )
        }
      />

      <div className="bd-two">
        <DataTable
          title="Pertes"
          testId="table-pertes"
          csv={{ filename: `bande-${b.id}-pertes`, rows: pertes, columns: PERTES_CSV }}
          columns={PERTE_COLUMNS}
          page={pertesPage}
          empty="Aucune perte"
          rowKey={(p) => p.id}
          actions={
            active
              ? (p) => (
                  <button type="button" className="btn btn-small btn-danger" onClick={() => askCancel({ kind: 'perte', id: p.id })}>
                    Annuler
                  </button>
                )
              : undefined
          }
        />

        <DataTable
          title="Pesages"
          testId="table-pesages"
          csv={{
            filename: `bande-${b.id}-pesages`,
            rows: pesages,
            columns: PESAGES_CSV,
          }}
          columns={PESAGE_COLUMNS}
          page={pesagesPage}
          empty="Aucun pesage"
          rowKey={(p) => p.id}
          actions={
            active
              ? (p) => (
                  <>
                    <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'pesage', pesage: p })}>
                      Modifier
                    </button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => askCancel({ kind: 'pesage', id: p.id })}>
                      Annuler
                    </button>
                  </>
                )
              : undefined
          }
        />
      </div>

      {dialog?.kind === 'perte' && <PerteDialog bande={b} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'depense' && <DepenseDialog bande={b} depense={dialog.depense} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'vente' && <VenteDialog bande={b} vente={dialog.vente} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'pesage' && <PesageDialog bande={b} pesage={dialog.pesage} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'collecte' && (
        <CollecteDialog bande={b} collecte={dialog.collecte} collectes={collectes} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {dialog?.kind === 'bande' && <BandeDialog bande={b} onClose={() => setDialog(null)} onSaved={() => saved('Bande modifiée')} />}
      {dialog?.kind === 'details' && (
        <Modal title={`Dépenses : ${typeName(dialog.type)}`} onClose={() => setDialog(null)} wide className="bd-modal-xwide">
          <DataTable
            bare
            testId="table-depense-details"
            columns={DETAIL_COLUMNS}
            page={{ rows: details }}
            empty="Aucune dépense"
            label={`Dépenses : ${typeName(dialog.type)}`}
            rowKey={(d) => d.id}
            actions={
              active
                ? (d) => (
                    <>
                      <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'depense', depense: d })}>
                        Modifier
                      </button>
                      <button type="button" className="btn btn-small btn-danger" onClick={() => (setDialog(null), askCancel({ kind: 'depense', id: d.id }))}>
                        Annuler
                      </button>
                    </>
                  )
                : undefined
            }
          />
        </Modal>
      )}
      {cancel && (
        <ConfirmDialog
          title={CANCEL_TEXT[cancel.kind].title}
          question={CANCEL_TEXT[cancel.kind].question}
          confirmLabel={cancel.kind === 'cloture' ? 'Oui, clôturer' : undefined}
          pending={cancelMut.isPending || closeMut.isPending}
          error={cancelError}
          onConfirm={confirm}
          onClose={() => setCancel(null)}
        />
      )}
    </section>
  );
}
