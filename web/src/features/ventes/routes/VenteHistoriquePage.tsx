// Sales history, the index of /vente (spec part 2 §2, §9): start and end dates defaulting to
// today, Rechercher, the Chiffre d'affaires card (DELETED lines excluded), the table with a delete
// icon hidden once DELETED (after a confirmation), page sizes 5/10/20/30. The history is the one
// sales ledger: a delivered customer order and a paid-or-delivered online order show
// here with their origin ("Commande CMD-000012"), count in the turnover, and have no delete icon
// (they belong to their order).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SHOP_MSG } from '@shared/messages/shop';
import { de } from '@shared/messages/elision';
import type { VenteLigne } from '@shared/schemas/ventes';
import { today as todayOfBusiness } from '../../../lib/day-bounds';
import { formatDate, formatDateTime, formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { DETAIL_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { StatCard } from '../../../lib/ui/StatCard';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useAnnulerVente } from '../api/annuler-vente';
import { useVentes } from '../api/get-ventes';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { origine } from '../logic/origine';
import { ETAT_VENTE as ETAT, ventesCsv } from '../logic/csv';
import { usePermission } from '../../../lib/api/check-permission';
import { produitsAvecArchivesQueryOptions } from '../../../lib/queries/produits';

function Origine({ v }: { v: VenteLigne }) {
  if (v.source === 'COMMANDE' && v.numero_commande) {
    return (
      <Link className="badge badge-origin" to={`/commande/${encodeURIComponent(v.numero_commande)}`}>
        {origine(v)}
      </Link>
    );
  }
  if (v.source === 'ECOMMERCE') return <span className="badge badge-origin">{origine(v)}</span>;
  return null;
}
const COLUMNS: Column<VenteLigne>[] = [
  { label: 'Date', cell: (v) => formatDateTime(v.created_at) },
  { label: 'Boutique', cell: (v) => v.boutique.nom, className: 'wrap' },
  {
    label: 'Produit',
    cell: (v) => (
      <>
        {v.produit}
        <Origine v={v} />
      </>
    ),
    className: 'wrap',
    card: 'title',
  },
  { label: 'Prix', cell: (v) => formatFcfa(v.prix_unitaire), className: 'num' },
  { label: 'Quantité', cell: (v) => v.quantite, className: 'num' },
  { label: 'Total', cell: (v) => formatFcfa(v.total), className: 'num' },
  { label: 'Type', cell: (v) => SHOP_MSG.saleType[v.type] ?? v.type },
  { label: 'État', cell: (v) => <span className={v.etat === 'DELETED' ? 'badge badge-danger' : 'badge'}>{ETAT[v.etat] ?? v.etat}</span> },
];

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export default function VenteHistoriquePage() {
  const today = todayOfBusiness();
  const [debut, setDebut] = useState(today);
  const [fin, setFin] = useState(today);
  const [period, setPeriod] = useState({ debut: today, fin: today });
  const [formError, setFormError] = useState<string | null>(null);
  const ventes = useVentes(period);
  const annuler = useAnnulerVente();
  const [flash, showFlash] = useTimedMessage<{ kind: 'success' | 'error'; text: string }>();
  const page = usePaged(ventes.data?.ventes ?? [], DETAIL_SIZES);
  // The export says an egg product's eggs: its eggs per unit are read from the products (archived
  // ones too), only by a user who may read them, as the receipt does.
  const peutProduits = usePermission('prav').data === true;
  const produits = useQuery({ ...produitsAvecArchivesQueryOptions(), enabled: peutProduits });
  const parUnite = new Map((produits.data ?? []).map((p) => [p.id, p.oeufs_par_unite ?? null]));

  function onSearch(ev: FormEvent) {
    ev.preventDefault();
    if (!debut || !fin) return setFormError('Les deux dates sont requises');
    if (debut > fin) return setFormError(SHOP_MSG.datesOrder);
    setFormError(null);
    if (debut === period.debut && fin === period.fin) void ventes.refetch();
    else setPeriod({ debut, fin });
  }

  // The sale line whose cancel is being confirmed (the app's dialog, never the browser's confirm()).
  const [ask, setAsk] = useState<VenteLigne | null>(null);

  function onDelete(v: VenteLigne) {
    annuler.mutate(v.id, {
      onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: SHOP_MSG.venteCanceled })),
      onError: (err) => (
        setAsk(null),
        showFlash({
          kind: 'error',
          text: serverMessage(err, SHOP_MSG.venteCancelFailed, { prefixed: true }),
        })
      ),
    });
  }

  return (
    <>
      <PendingEntries filter={(e) => e.kind === 'vente'} title="Ventes non envoyées" />
      <form className="card search-bar history-search" onSubmit={onSearch} noValidate>
        <div className="field">
          <label htmlFor="h-debut">Date de début</label>
          <input id="h-debut" type="date" value={debut} onChange={(e) => setDebut(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="h-fin">Date de fin</label>
          <input id="h-fin" type="date" value={fin} onChange={(e) => setFin(e.target.value)} />
        </div>
        <SubmitButton pending={ventes.isFetching}>Rechercher</SubmitButton>
        {formError && <p className="field-error">{formError}</p>}
      </form>

      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <div className="stat-cards">
        <StatCard label="Chiffre d'affaires" value={formatFcfa(ventes.data?.chiffre_affaire ?? 0)} testId="chiffre-affaire">
          <span className="muted small">
            du {formatDate(period.debut)} au {formatDate(period.fin)}
          </span>
        </StatCard>
      </div>

      <DataTable
        columns={COLUMNS}
        page={page}
        error={ventes.error}
        testId="table-ventes-historique"
        csv={{
          filename: 'ventes',
          rows: ventes.data?.ventes ?? [],
          columns: ventesCsv((id) => parUnite.get(id)),
        }}
        loading={ventes.isLoading}
        empty={
          // An empty screen says what to do next.
          <>
            Aucune vente sur cette période. <Link to="/vente/vente">Enregistrer une vente</Link> ou choisissez d’autres dates.
          </>
        }
        label="Ventes"
        rowKey={(v) => v.id}
        rowClassName={(v) => (v.etat === 'DELETED' ? 'row-deleted' : undefined)}
        actions={(v) =>
          v.etat !== 'DELETED' &&
          (v.source ?? 'BOUTIQUE') === 'BOUTIQUE' && (
            <button
              type="button"
              className="btn btn-small btn-danger icon-only"
              aria-label={`Annuler la vente ${de(v.produit)}`}
              title="Annuler la vente"
              disabled={annuler.isPending}
              onClick={() => setAsk(v)}
            >
              {annuler.isPending && annuler.variables === v.id ? 'Chargement…' : <TrashIcon />}
            </button>
          )
        }
      />
      {ask && (
        <ConfirmDialog
          title="Annuler la vente"
          question={`Annuler la vente de ${ask.quantite} ${ask.produit} (${formatFcfa(ask.total)}) ?`}
          pending={annuler.isPending}
          error={null}
          onConfirm={() => onDelete(ask)}
          onClose={() => setAsk(null)}
        />
      )}
    </>
  );
}
