// The sale's optional client, found by phone (spec part 2 §2): Rechercher (or Enter) looks the
// number up among the business's clients (read once, on the first search), the client found shows
// with their debt, Retirer takes them off. The typed number and the lookup's answer are the
// picker's own; the sale only learns the client.
import { useState } from 'react';
import type { Client } from '@shared/schemas/clients';
import { SHOP_MSG } from '@shared/messages/shop';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { formatFcfa } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { SubmitButton } from '../../../lib/ui/SubmitButton';
import { useClients } from '../api/get-clients';
import { findClientByPhone } from '../logic/client-by-phone';
import { loadMessage } from '../../../lib/http';

export function ClientPicker({ client, onClient }: { client: Client | null; onClient: (client: Client | null) => void }) {
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [lookup, setLookup] = useState(false);
  const clients = useClients(lookup);
  const phoneCountry = usePhoneCountry();

  async function find() {
    setMessage(null);
    onClient(null);
    if (!phone.trim()) return;
    setLookup(true);
    try {
      const list = clients.data ?? (await clients.refetch({ throwOnError: true })).data ?? [];
      const found = findClientByPhone(list, phone, phoneCountry);
      if (found) onClient(found);
      else setMessage(SHOP_MSG.clientNotFoundSearch);
    } catch (err) {
      setMessage(loadMessage(err));
    }
  }

  return (
    <>
      <div className="field">
        <label htmlFor="s-phone">Client (téléphone, facultatif)</label>
        <div className="search-row">
          <input
            id="s-phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setMessage(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
          />
          <SubmitButton type="button" pending={lookup && clients.isFetching} disabled={!phone.trim()} onClick={() => void find()}>
            Rechercher
          </SubmitButton>
          {client && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                onClient(null);
                setPhone('');
              }}
            >
              Retirer
            </button>
          )}
        </div>
      </div>
      {client && (
        <p className="client-found" data-testid="vente-client">
          Client :{' '}
          <strong>
            {client.prenom} {client.nom}
          </strong>{' '}
          ({client.numero_compte}) — créance {formatFcfa(client.creance)}
        </p>
      )}
      {message && <Alert kind="info">{message}</Alert>}
    </>
  );
}
