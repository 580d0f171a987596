// Shops /boutique (spec part 2 §2): Créer une boutique, table nom, adresse, etat, Modifier.
import { useState } from 'react';
import { SHOP_MSG } from '@shared/messages/shop';
import type { Boutique } from '@shared/schemas/boutiques';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBoutiques } from '../api/get-boutiques';
import { BoutiqueDialog } from '../components/BoutiqueDialog';

const ETAT: Record<string, string> = { ACTIVE: 'Active' };
const COLUMNS: Column<Boutique>[] = [
  { label: 'Nom', cell: (b) => b.nom },
  { label: 'Adresse', cell: (b) => b.adresse ?? '', className: 'wrap' },
  { label: 'État', cell: (b) => <span className="badge">{ETAT[b.etat] ?? b.etat}</span> },
];

export default function BoutiqueListPage() {
  const boutiques = useBoutiques();
  const [dialog, setDialog] = useState<{ boutique: Boutique | null } | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();

  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Boutiques</h1>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ boutique: null })}>
          Créer une boutique
        </button>
      </div>
      {flash && <Alert kind="success">{flash}</Alert>}
      <DataTable
        columns={COLUMNS}
        page={{ rows: boutiques.data ?? [] }}
        error={boutiques.error}
        loading={boutiques.isLoading}
        empty="Aucune boutique"
        label="Boutiques"
        rowKey={(b) => b.id}
        actions={(b) => (
          <button type="button" className="btn btn-small" onClick={() => setDialog({ boutique: b })}>
            Modifier
          </button>
        )}
      />
      {dialog && (
        <BoutiqueDialog
          boutique={dialog.boutique}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            showFlash(dialog.boutique ? SHOP_MSG.boutiqueUpdated : SHOP_MSG.boutiqueCreated);
          }}
        />
      )}
    </section>
  );
}
