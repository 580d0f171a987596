// The debt follow-up (« Relances »): /relances — the clients who owe something, the
// oldest debt first: the amount, the day of the oldest credit sale still unpaid and its age, the
// last reminder (when, by whom, or « jamais »). « Relancer par WhatsApp » is one tap: a signed link
// to the client's statement (from that oldest unpaid sale, 90 days back at most: decision 0273) is
// asked with `relance: true`, which records the reminder; WhatsApp opens on the answer (the window
// is opened in the tap: lib/partage/whatsapp-window.ts) and the list shows the new last reminder.
// Cards on a phone, a table wider (DataTable).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { todayFor } from '@shared/dates';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import { formatPhone } from '@shared/phone';
import type { PartageResult } from '@shared/schemas/partage';
import type { RelanceLigne } from '@shared/schemas/releve';
import { useEntreprise, usePhoneCountry } from '../../../lib/api/entreprise';
import { capitalize, formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { OfflineNote, useOnline } from '../../../lib/offline/OfflineNote';
import { ouvrirFenetreWhatsapp } from '../../../lib/partage/whatsapp-window';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { StatCard } from '../../../lib/ui/StatCard';
import { useRelances } from '../api/get-relances';
import { useRelancer } from '../api/relancer';
import { periodeRelance } from '../logic/periode';
import '../releve.css';

const nomDe = (r: RelanceLigne) => `${r.client.prenom} ${r.client.nom}`;

const columns = (phoneCountry: Parameters<typeof formatPhone>[1]): Column<RelanceLigne>[] => [
  {
    label: T.relancesClient,
    card: 'title',
    className: 'wrap',
    cell: (r) => (
      <>
        {nomDe(r)}
        {r.client.numero_compte && <span className="relance-compte"> · {r.client.numero_compte}</span>}
      </>
    ),
  },
  { label: T.relancesTelephone, cell: (r) => (r.client.telephone ? formatPhone(r.client.telephone, phoneCountry) : T.sansTelephone) },
  { label: T.relancesMontant, cell: (r) => formatFcfa(r.creance), className: 'num', testId: (r) => `relance-montant-${r.client.id}` },
  {
    label: T.relancesAnciennete,
    cell: (r) => (r.plus_ancienne !== null && r.age_jours !== null ? T.depuis(r.plus_ancienne, r.age_jours) : '—'),
    testId: (r) => `relance-age-${r.client.id}`,
  },
  {
    label: T.relancesDerniere,
    cell: (r) => (r.derniere_relance ? T.relancePar(r.derniere_relance.le, capitalize(r.derniere_relance.par.nom)) : T.jamais),
    testId: (r) => `relance-derniere-${r.client.id}`,
  },
];

export default function RelancesPage() {
  const q = useRelances();
  const relancer = useRelancer();
  const online = useOnline();
  const phoneCountry = usePhoneCountry();
  const today = todayFor(useEntreprise().data?.pays);
  const [enCours, setEnCours] = useState<number | null>(null);
  const [erreur, setErreur] = useState<string | null>(null);
  const [fait, setFait] = useState<{ nom: string; result: PartageResult; bloque: boolean } | null>(null);
  const lignes = q.data ?? [];
  const total = lignes.reduce((s, r) => s + r.creance, 0);

  function relance(r: RelanceLigne) {
    setErreur(null);
    setFait(null);
    setEnCours(r.client.id);
    // In the tap, before the request: a window opened after the answer would be blocked.
    const w = ouvrirFenetreWhatsapp();
    relancer.mutate(
      { id: r.client.id, ...periodeRelance(r.plus_ancienne, today) },
      {
        onSuccess: (result) => {
          setEnCours(null);
          setFait({ nom: nomDe(r), result, bloque: !w.aller(result.whatsapp) });
        },
        onError: (err) => {
          w.fermer();
          setEnCours(null);
          setErreur(serverMessage(err, T.relanceEchec));
        },
      },
    );
  }

  return (
    <section className="page ui-page relances-page">
      <div className="page-header">
        <div>
          <h1>{T.relancesTitre}</h1>
          <p className="releve-sous-titre">{T.relancesSousTitre}</p>
        </div>
      </div>
      <OfflineNote updatedAt={q.dataUpdatedAt} />
      {!online && (
        <p className="offline-note" role="status">
          {T.horsLigne}
        </p>
      )}
      {erreur && <Alert kind="error">{erreur}</Alert>}
      {fait && (
        <Alert kind="success">
          {T.relanceFaite(fait.nom)} {fait.bloque && `${T.whatsappBloque} `}
          <a href={fait.result.whatsapp} target="_blank" rel="noopener noreferrer" data-testid="relance-ouvrir">
            {T.ouvrirWhatsapp}
          </a>
        </Alert>
      )}
      <div className="stat-cards">
        <StatCard label={T.relancesNombre} value={lignes.length} testId="relances-nombre" />
        <StatCard label={T.relancesTotal} value={formatFcfa(total)} testId="relances-total" />
      </div>
      <DataTable
        columns={columns(phoneCountry)}
        label={T.relancesTitre}
        testId="table-relances"
        rowKey={(r) => r.client.id}
        page={{ rows: lignes }}
        loading={q.isLoading}
        error={q.error}
        empty={T.relancesAucune}
        actions={(r) => {
          const p = periodeRelance(r.plus_ancienne, today);
          return (
            <>
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={!online || enCours !== null}
                aria-label={`${T.relancer} : ${nomDe(r)}`}
                onClick={() => relance(r)}
              >
                {enCours === r.client.id ? T.relanceEnCours : T.relancer}
              </button>
              <Link className="btn btn-small" to={`/client/${r.client.id}/releve?debut=${p.debut}&fin=${p.fin}`} aria-label={`${T.releveBouton} : ${nomDe(r)}`}>
                {T.releveBouton}
              </Link>
            </>
          );
        }}
      />
    </section>
  );
}
