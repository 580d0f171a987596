// Shops /boutique (spec part 2 §2): Créer une boutique, table nom, adresse, etat, Modifier.
import { useState } from 'react';
import { SHOP_MSG } from '../../../../../shared/messages-shop';
import type { Boutique } from '../../../../../shared/schemas/boutiques';
import { Alert } from '../../../lib/ui/Alert';
import { EmptyRow } from '../../../lib/ui/EmptyRow';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useBoutiques } from '../api/get-boutiques';
import { BoutiqueDialog } from '../components/BoutiqueDialog';

const ETAT: Record<string, string> = { ACTIVE: 'Active' };

export default function BoutiqueListPage() {
  const boutiques = useBoutiques();
  const [dialog, setDialog] = useState<{ boutique: Boutique | null } | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const list = boutiques.data ?? [];

  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Boutiques</h1>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ boutique: null })}>
          Créer une boutique
        </button>
      </div>
      {flash && <Alert kind="success">{flash}</Alert>}
      <div className="card">
        {boutiques.isError && <Alert kind="error">{(boutiques.error as Error).message}</Alert>}
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Nom</th>
                <th>Adresse</th>
                <th>État</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {boutiques.isLoading && <EmptyRow colSpan={4}>Chargement ...</EmptyRow>}
              {!boutiques.isLoading && list.length === 0 && <EmptyRow colSpan={4}>Aucune boutique</EmptyRow>}
              {list.map((b) => (
                <tr key={b.id}>
                  <td>{b.nom}</td>
                  <td>{b.adresse ?? ''}</td>
                  <td>
                    <span className="badge">{ETAT[b.etat] ?? b.etat}</span>
                  </td>
                  <td className="actions">
                    <button type="button" className="btn btn-small" onClick={() => setDialog({ boutique: b })}>
                      Modifier
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
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
