// Product list, the index of /produit (spec part 2 §2): Créer produit, plan-check widget, table
// nom, quantite, prix_cession, prix_vente with restock, edit and publish-online actions,
// paginator 10/20/30.
// On a phone each product is a card with all its actions; the storefront in one step
// from here (Mettre en ligne creates the online product and publishes it; Publier / Retirer de la
// vitrine for one that exists); a product made by mistake is archived (out of the lists and the
// sale and order pickers, its history kept) and restored from "Afficher les archivés".
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ARCHIVE_MSG } from '@shared/messages/archives';
import { ECOM_MSG } from '@shared/messages/ecommerce';
import { PRODUCTION_MSG } from '@shared/messages/production';
import type { ProduitEcom } from '@shared/schemas/ecommerce';
import type { Produit } from '@shared/schemas/produits';
import { formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { ArchivedBadge, ArchiveFilter } from '../../../lib/ui/ArchiveFilter';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { LIST_SIZES, usePaged } from '../../../lib/ui/Paginator';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useArchiverProduit } from '../api/archiver-produit';
import { useDepublierEcom, useProduitsEcom, usePublierEcom } from '../api/ecom';
import { useProduits } from '../api/get-produits';
import { ProduitDialog, produitDraftKey } from '../components/ProduitDialog';
import { hasDraft } from '../../../lib/use-draft';
import { ReapproDialog } from '../components/ReapproDialog';
import { AJUSTEMENT_SAVED, AjustementDialog } from '../components/AjustementDialog';
import { ProduitEcomDialog } from '../components/ProduitEcomDialog';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PRODUITS_CSV } from '../logic/csv';
import { EnvoiBoutiqueDialog, estProduitOeufs } from '../../../lib/oeufs/EnvoiBoutiqueDialog';
import '../production.css';

type Dialog =
  { kind: 'produit'; produit: Produit | null } | { kind: 'reappro' | 'ajustement' | 'oeufs'; produit: Produit } | { kind: 'ecom'; produit: Produit } | null;
type Flash = { kind: 'success' | 'error'; text: string };

/** The spec's failure, or the server's reason when it gives one the user can act on (the plan's limit…). */
export default function ProduitListPage() {
  const [archives, setArchives] = useState(false);
  const produits = useProduits(archives);
  const ecom = useProduitsEcom();
  const publier = usePublierEcom();
  const depublier = useDepublierEcom();
  const archiver = useArchiverProduit();
  // A creation left unsaved before a reload opens again with its draft.
  const [dialog, setDialog] = useState<Dialog>(() => (hasDraft(produitDraftKey()) ? { kind: 'produit', produit: null } : null));
  const [ask, setAsk] = useState<Produit | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const [flash, showFlash] = useTimedMessage<Flash>();
  const page = usePaged(produits.data ?? [], LIST_SIZES);
  const navigate = useNavigate();
  // The online product made from each product (the first, should there be several).
  const online = useMemo(() => {
    const m = new Map<number, ProduitEcom>();
    for (const e of ecom.data ?? []) if (!m.has(e.id_produit) || e.etat === 'ACTIVE') m.set(e.id_produit, e);
    return m;
  }, [ecom.data]);

  const columns: Column<Produit>[] = [
    {
      label: 'Nom',
      cell: (p) => (
        <>
          {p.nom}
          {p.archive && (
            <>
              {' '}
              <ArchivedBadge />
            </>
          )}
          {/* An egg product says so: a flock's eggs can be sent to it. */}
          {p.oeufs_par_unite ? (
            <span className="muted small produit-oeufs" data-testid={`oeufs-par-unite-${p.id}`}>
              {PRODUCTION_MSG.oeufsParUnite(p.oeufs_par_unite)}
            </span>
          ) : null}
        </>
      ),
      className: 'wrap',
    },
    { label: 'Quantité', cell: (p) => p.quantite, className: 'num', testId: (p) => `stock-${p.id}` },
    { label: 'Prix de cession', cell: (p) => formatFcfa(p.prix_cession), className: 'num' },
    { label: 'Prix de vente', cell: (p) => formatFcfa(p.prix_vente), className: 'num' },
    {
      label: 'Vitrine',
      cell: (p) => {
        const e = online.get(p.id);
        if (!e) return null;
        return <span className={e.etat === 'ACTIVE' ? 'badge' : 'badge badge-muted'}>{e.etat === 'ACTIVE' ? 'En ligne' : 'Non publié'}</span>;
      },
      testId: (p) => `vitrine-${p.id}`,
    },
  ];

  function onArchive(p: Produit, archive: boolean) {
    setAskError(null);
    archiver.mutate(
      { id: p.id, archive },
      {
        onSuccess: () => (setAsk(null), showFlash({ kind: 'success', text: archive ? ARCHIVE_MSG.produitArchived : ARCHIVE_MSG.produitRestored })),
        onError: (err) =>
          archive ? setAskError(serverMessage(err, ARCHIVE_MSG.failed)) : showFlash({ kind: 'error', text: serverMessage(err, ARCHIVE_MSG.failed) }),
      },
    );
  }

  function onlineActions(p: Produit) {
    const e = online.get(p.id);
    if (!e) {
      return (
        <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'ecom', produit: p })}>
          Mettre en ligne
        </button>
      );
    }
    if (e.etat === 'ACTIVE') {
      return (
        <SubmitButton
          type="button"
          className="btn-small"
          pending={depublier.isPending && depublier.variables === e.id}
          disabled={depublier.isPending}
          onClick={() =>
            depublier.mutate(e.id, {
              onSuccess: () => showFlash({ kind: 'success', text: ECOM_MSG.unpublished }),
              onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.publishFailed) }),
            })
          }
        >
          Retirer de la vitrine
        </SubmitButton>
      );
    }
    return (
      <SubmitButton
        type="button"
        className="btn-small"
        pending={publier.isPending && publier.variables === e.id}
        disabled={publier.isPending}
        onClick={() =>
          publier.mutate(e.id, {
            onSuccess: () => showFlash({ kind: 'success', text: ECOM_MSG.published }),
            // 422: the plan's limit, whose message says so.
            onError: (err) => showFlash({ kind: 'error', text: serverMessage(err, ECOM_MSG.publishFailed) }),
          })
        }
      >
        Publier
      </SubmitButton>
    );
  }

  return (
    <>
      <PlanBanner />
      <OfflineNote updatedAt={produits.dataUpdatedAt} />
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <DataTable
        title="Liste des produits"
        toolbar={
          <>
            <ArchiveFilter checked={archives} onChange={setArchives} testId="produits-archives" />
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'produit', produit: null })}>
              Créer produit
            </button>
          </>
        }
        columns={columns}
        page={page}
        testId="table-produits"
        rowKey={(p) => p.id}
        rowClassName={(p) => (p.archive ? 'row-archived' : undefined)}
        actions={(p) =>
          p.archive ? (
            <button type="button" className="btn btn-small" disabled={archiver.isPending} onClick={() => onArchive(p, false)}>
              Restaurer
            </button>
          ) : (
            <>
              {/* An egg product receives a layer flock's eggs: its stock then needs no typing. */}
              {estProduitOeufs(p) && (
                <button type="button" className="btn btn-small btn-primary" onClick={() => setDialog({ kind: 'oeufs', produit: p })}>
                  Recevoir des œufs
                </button>
              )}
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'reappro', produit: p })}>
                Réapprovisionner
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'ajustement', produit: p })}>
                Ajuster
              </button>
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'produit', produit: p })}>
                Modifier
              </button>
              {onlineActions(p)}
              <button type="button" className="btn btn-small" onClick={() => (setAskError(null), setAsk(p))}>
                Archiver
              </button>
            </>
          )
        }
        error={produits.error}
        csv={{
          filename: 'produits-stock',
          rows: produits.data ?? [],
          columns: PRODUITS_CSV,
        }}
        loading={produits.isLoading}
        empty={archives ? 'Aucun produit' : 'Aucun produit pour le moment : créez le premier avec « Créer produit ».'}
      />

      {dialog?.kind === 'produit' && (
        <ProduitDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash({ kind: 'success', text: dialog.produit ? 'Produit modifié' : 'Produit créé' });
          }}
        />
      )}
      {dialog?.kind === 'ecom' && (
        <ProduitEcomDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={(p) => {
            setDialog(null);
            // Spec §8: the message, then the online product list (where Publier is); published in
            // the same step, it says so.
            navigate('/produit/online', { state: { flash: p.etat === 'ACTIVE' ? ECOM_MSG.published : ECOM_MSG.added } });
          }}
        />
      )}
      {dialog?.kind === 'reappro' && (
        <ReapproDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash({ kind: 'success', text: 'Réapprovisionnement enregistré' });
          }}
        />
      )}
      {dialog?.kind === 'oeufs' && (
        <EnvoiBoutiqueDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={(text) => {
            setDialog(null);
            showFlash({ kind: 'success', text });
          }}
        />
      )}
      {dialog?.kind === 'ajustement' && (
        <AjustementDialog
          produit={dialog.produit}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash({ kind: 'success', text: AJUSTEMENT_SAVED });
          }}
        />
      )}
      {ask && (
        <ConfirmDialog
          title="Archiver le produit"
          question={`Archiver « ${ask.nom} » ? Il ne figurera plus dans cette liste ni dans les choix des ventes et des commandes ; son stock, ses ventes et ses réapprovisionnements restent dans l'historique et les totaux. Vous pourrez le restaurer avec « Afficher les archivés ».`}
          confirmLabel="Oui, archiver"
          pending={archiver.isPending}
          error={askError}
          onConfirm={() => onArchive(ask, true)}
          onClose={() => setAsk(null)}
        />
      )}
    </>
  );
}
