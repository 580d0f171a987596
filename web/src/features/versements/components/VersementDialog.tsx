// The Remboursement dialog (spec part 2 §2, §5): search a client (first name, last name or phone),
// Réinitialiser, the client summary (first name, name, account number, creance) and the amount,
// > 0 and ≤ creance else 'Montant superieur au créance'; read as typed (empty, negative
// or not a number is a French error).
import type { VersementResult } from '@shared/schemas/versements';
import { useState, type FormEvent } from 'react';
import { SHOP_MSG } from '@shared/messages/shop';
import { lireNombre } from '@shared/nombres';
import { MAX_MONTANT } from '@shared/schemas/common';
import type { Client } from '@shared/schemas/clients';
import { formatFcfa } from '../../../lib/format';
import { serverMessage, loadMessage } from '../../../lib/http';
import { isQueued } from '../../../lib/offline/outbox';
import { Alert } from '../../../lib/ui/Alert';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useSaveVersement } from '../api/save-versement';
import { useSearchClient } from '../api/search-client';
import { validateMontant } from '../logic/amount';
import { formatPhone } from '@shared/phone';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { NumberField } from '../../../lib/ui/NumberField';
import { MSG } from '@shared/messages/acces';

export function VersementDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (r: VersementResult | null) => void }) {
  const search = useSearchClient();
  const phoneCountry = usePhoneCountry();
  const save = useSaveVersement();
  const [text, setText] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  const [montant, setMontant] = useState('');
  const [montantError, setMontantError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function runSearch() {
    setError(null);
    if (!text.trim()) return;
    search.mutate(text.trim(), {
      onSuccess: (found) => {
        if (found.length === 1) setClient(found[0]);
      },
    });
  }

  function reset() {
    setText('');
    setClient(null);
    setMontant('');
    setMontantError(null);
    setError(null);
    search.reset();
  }

  function submit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    if (!client) return setError(SHOP_MSG.clientRequired);
    const lu = lireNombre(montant, { label: 'Le montant', min: 1, max: MAX_MONTANT });
    const err = lu.ok ? validateMontant(lu.value, client.creance) : lu.message;
    setMontantError(err);
    if (err || !lu.ok) return;
    save.mutate(
      { input: { id_client: client.id, montant: lu.value }, client: `${client.prenom} ${client.nom}` },
      { onSuccess: (r) => onSaved(isQueued(r) ? null : r), onError: (e) => setError(serverMessage(e, MSG.erreur)) },
    );
  }

  const results = search.data ?? [];
  return (
    <FormDialog
      title="Remboursement"
      onClose={onClose}
      onSubmit={submit}
      error={error}
      pending={save.isPending}
      cancel
      submitLabel="Valider"
      submitDisabled={!client}
    >
      <div className="field">
        <label htmlFor="v-search">Client (prénom, nom ou téléphone)</label>
        <div className="search-row">
          <input
            id="v-search"
            type="search"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                runSearch();
              }
            }}
          />
          <SubmitButton type="button" pending={search.isPending} disabled={!text.trim()} onClick={runSearch}>
            Rechercher
          </SubmitButton>
          <button type="button" className="btn" onClick={reset}>
            Réinitialiser
          </button>
        </div>
      </div>
      {search.isError && <Alert kind="error">{loadMessage(search.error)}</Alert>}
      {search.isSuccess && results.length === 0 && <Alert kind="info">{SHOP_MSG.clientNotFoundSearch}</Alert>}
      {!client && results.length > 1 && (
        <ul className="pick-list" aria-label="Clients trouvés">
          {results.map((c) => (
            <li key={c.id}>
              <button type="button" className="pick" onClick={() => setClient(c)}>
                <span>
                  {c.prenom} {c.nom}
                </span>
                <span className="muted">
                  {c.numero_compte}
                  {c.telephone ? ` · ${formatPhone(c.telephone, phoneCountry)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {client && (
        <dl className="info-list client-summary" data-testid="client-summary">
          <dt>Prénom</dt>
          <dd>{client.prenom}</dd>
          <dt>Nom</dt>
          <dd>{client.nom}</dd>
          <dt>N° de compte</dt>
          <dd>{client.numero_compte}</dd>
          <dt>Créance</dt>
          <dd data-testid="summary-creance">{formatFcfa(client.creance)}</dd>
        </dl>
      )}
      <NumberField
        id="v-montant"
        label="Montant"
        value={montant}
        disabled={!client}
        onChange={(e) => {
          setMontant(e.target.value);
          if (montantError) setMontantError(null);
        }}
        error={montantError ?? undefined}
      />
    </FormDialog>
  );
}
