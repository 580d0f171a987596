// Slaughter list /abatage (spec part 2 §2): quantity, number of categories, date, with Détails
// (dialog) and Modifier (/newabatage/{id}); a button records a new slaughter.
// The shop products its categories became, and Annuler (after a confirmation): the record
// stays, marked « Annulé », its birds back in the batch and its products' stock taken back; the
// server's refusal (already sold, 409) is shown in its own words inside the dialog.
// Slaughters typed offline show above the list until written; one refused on arrival opens in its
// form, prefilled, by « Corriger ».
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ABATTAGE_MSG } from '@shared/messages/abattages';
import { PRODUCTION_MSG } from '@shared/messages/production';
import type { Abattage } from '@shared/schemas/abattages';
import { formatDate, formatNumber } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { Alert } from '../../../lib/ui/Alert';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { corrigerAbattage, estAbattage } from '../../../lib/abattage/abattage';
import { useAbattages, useCancelAbattage } from '../api/abattages';
import { AbattageDetails, produitsDe } from '../components/AbattageDetails';

const annule = (a: Abattage) => a.etat === 'DELETED';

const COLUMNS: Column<Abattage>[] = [
  { label: 'Quantité', cell: (a) => formatNumber(a.quantite), className: 'num' },
  { label: 'Bande', cell: (a) => a.bande.nom, card: 'title' },
  { label: 'Catégories', cell: (a) => a.categories.length, className: 'num' },
  { label: 'Produits', cell: (a) => produitsDe(a) || '—', className: 'wrap', testId: (a) => `abatage-produits-${a.id}` },
  { label: 'Date', cell: (a) => formatDate(a.date), card: 'title' },
  {
    label: 'État',
    cell: (a) => (annule(a) ? <span className="badge badge-muted">Annulé</span> : <span className="badge">Valide</span>),
    testId: (a) => `abatage-etat-${a.id}`,
  },
];

export default function AbattageListPage() {
  const abatages = useAbattages();
  const cancel = useCancelAbattage();
  const page = usePaged(abatages.data ?? [], LIST_SIZES);
  const [details, setDetails] = useState<Abattage | null>(null);
  const [ask, setAsk] = useState<Abattage | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [done, showDone] = useTimedMessage<string>();
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  const navigate = useNavigate();

  function onCancel(a: Abattage) {
    setAskError(null);
    cancel.mutate(a.id, {
      onSuccess: (r) => (setAsk(null), showDone(r?.message || ABATTAGE_MSG.annule)),
      // The server's reason (already sold, already cancelled, no products' right) as it words it.
      onError: (err) => setAskError(serverMessage(err, PRODUCTION_MSG.abattageAnnulerEchec)),
    });
  }

  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Abattage</h1>
        <Link className="btn btn-primary" to="/newabatage">
          Nouvel abattage
        </Link>
      </div>
      {done ? <Alert kind="success">{done}</Alert> : flash && <Alert kind="success">{flash}</Alert>}
      <PendingEntries filter={estAbattage} title="Abattages non envoyés" onCorrect={(e) => navigate(corrigerAbattage(e))} />
      <DataTable
        columns={COLUMNS}
        page={page}
        error={abatages.error}
        loading={abatages.isLoading}
        empty="Aucun abattage"
        testId="abatages-table"
        label="Abattages"
        rowKey={(a) => a.id}
        rowClassName={(a) => (annule(a) ? 'row-archived' : undefined)}
        actions={(a) => (
          <>
            <button type="button" className="btn btn-small" onClick={() => setDetails(a)}>
              Détails
            </button>
            {!annule(a) && (
              <>
                <Link className="btn btn-small" to={`/newabatage/${a.id}`}>
                  Modifier
                </Link>
                <button type="button" className="btn btn-small btn-danger" onClick={() => (setAskError(null), setAsk(a))}>
                  Annuler
                </button>
              </>
            )}
          </>
        )}
      />
      {details && <AbattageDetails abatage={details} onClose={() => setDetails(null)} />}
      {ask && (
        <ConfirmDialog
          title="Annuler l'abattage"
          question={PRODUCTION_MSG.annulerAbattageQuestion(ask.quantite, ask.bande.nom)}
          pending={cancel.isPending}
          error={askError}
          onConfirm={() => onCancel(ask)}
          onClose={() => setAsk(null)}
        />
      )}
    </section>
  );
}
