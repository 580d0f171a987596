// A client's statement (relevé de compte): /client/:id/releve?debut=&fin= — the
// period (this month to today by default), the opening balance, each movement of the client's
// account (date, what, debit, credit, balance after it), the period's totals and the closing
// balance, which is the client's debt on the period's last day (the server replays the client's
// account: shared/formulas/releve.ts). Printable like the receipts; CSV of the lines; « Envoyer par
// WhatsApp » shares this very period. Reached from the client list and the follow-up list.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { addDays, todayFor } from '@shared/dates';
import { formatNombre } from '@shared/format';
import { signe } from '@shared/formulas/releve';
import { PARTAGE_ECRAN as T } from '@shared/messages/partage-ecran';
import { formatPhone } from '@shared/phone';
import { useEntreprise, usePhoneCountry } from '../../../lib/api/entreprise';
import { downloadCsv } from '../../../lib/csv';
import { formatDate, formatFcfa } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { PartageWhatsapp } from '../../../features/partage/components/PartageWhatsapp';
import { useReleve } from '../../../features/releve/api/get-releve';
import { erreurPeriode, periodeParDefaut, type Periode } from '../../../features/releve/logic/periode';
import { DocumentFrame } from '../components/DocumentFrame';

const MSG_PERIODE = { invalide: T.releveDateInvalide, ordre: T.releveDebutApresFin, future: T.releveFinFuture };

export default function ReleveClientPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const entreprise = useEntreprise();
  const phoneCountry = usePhoneCountry();
  const today = todayFor(entreprise.data?.pays);
  const defaut = periodeParDefaut(today);
  const periode: Periode = { debut: params.get('debut') ?? defaut.debut, fin: params.get('fin') ?? defaut.fin };
  const refus = erreurPeriode(periode, today, MSG_PERIODE);
  // What the fields hold while typed; the statement follows once the period can be asked.
  const [saisie, setSaisie] = useState<Periode>(periode);
  const [saisieRefus, setSaisieRefus] = useState<string | null>(null);
  const q = useReleve(id, periode.debut, periode.fin, id > 0 && !refus);
  const r = q.data;

  function changer(p: Periode) {
    setSaisie(p);
    const e = erreurPeriode(p, today, MSG_PERIODE);
    setSaisieRefus(e);
    if (!e) setParams({ debut: p.debut, fin: p.fin }, { replace: true });
  }

  const lignesCsv = r
    ? [
        { date: addDays(r.debut, -1), libelle: T.releveOuverture(addDays(r.debut, -1)), debit: null, credit: null, solde: r.solde_ouverture },
        ...r.lignes.map((l) => ({
          date: l.date,
          libelle: l.libelle,
          debit: signe(l.type) > 0 ? l.montant : null,
          credit: signe(l.type) < 0 ? l.montant : null,
          solde: l.solde,
        })),
      ]
    : [];
  const nom = r ? `${r.client.prenom} ${r.client.nom}` : '';

  return (
    <DocumentFrame
      title={T.releveTitre}
      numero={r?.client.numero_compte}
      date={q.dataUpdatedAt ? new Date(q.dataUpdatedAt).toISOString() : undefined}
      back={{ to: '/client', label: 'Clients' }}
      loading={q.isLoading}
      error={refus ?? (q.error ? serverMessage(q.error, T.releveIntrouvable) : null)}
      share={
        <div className="releve-outils no-print">
          <fieldset className="releve-periode">
            <legend className="sr-only">{T.relevePeriode(saisie.debut || periode.debut, saisie.fin || periode.fin)}</legend>
            <div className="field">
              <label htmlFor="releve-debut">{T.releveDebut}</label>
              <input
                id="releve-debut"
                type="date"
                value={saisie.debut}
                max={today}
                aria-invalid={saisieRefus ? true : undefined}
                aria-describedby={saisieRefus ? 'releve-periode-err' : undefined}
                onChange={(e) => changer({ ...saisie, debut: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="releve-fin">{T.releveFin}</label>
              <input
                id="releve-fin"
                type="date"
                value={saisie.fin}
                max={today}
                aria-invalid={saisieRefus ? true : undefined}
                aria-describedby={saisieRefus ? 'releve-periode-err' : undefined}
                onChange={(e) => changer({ ...saisie, fin: e.target.value })}
              />
            </div>
            <button
              type="button"
              className="btn btn-small"
              disabled={!r}
              data-testid="releve-csv"
              onClick={() => downloadCsv(`releve-${r?.client.numero_compte ?? id}-${periode.debut}-${periode.fin}`, COLONNES_CSV, lignesCsv)}
            >
              {T.releveCsv}
            </button>
          </fieldset>
          {saisieRefus && (
            <p className="field-error" id="releve-periode-err" role="alert">
              {saisieRefus}
            </p>
          )}
          <PartageWhatsapp type="releve_client" id={id} debut={periode.debut} fin={periode.fin} disabled={!r || !!saisieRefus} />
        </div>
      }
    >
      {r && (
        <>
          <div className="doc-grid">
            <div>
              <span>{T.releveClient}</span>
              <strong data-testid="releve-client">{nom}</strong>
            </div>
            {r.client.numero_compte && (
              <div>
                <span>{T.releveCompte}</span>
                <span>{r.client.numero_compte}</span>
              </div>
            )}
            {r.client.telephone && (
              <div>
                <span>{T.releveTelephone}</span>
                <span>{formatPhone(r.client.telephone, phoneCountry)}</span>
              </div>
            )}
          </div>
          <h2 className="releve-titre-periode" data-testid="releve-periode">
            {T.relevePeriode(r.debut, r.fin)}
          </h2>
          <table className="doc-table releve-table" data-testid="releve-lignes">
            <thead>
              <tr>
                <th scope="col" className="releve-col-date">
                  {T.releveDate}
                </th>
                <th scope="col">{T.releveLibelle}</th>
                <th scope="col" className="num">
                  {T.releveDebit}
                </th>
                <th scope="col" className="num">
                  {T.releveCredit}
                </th>
                <th scope="col" className="num">
                  {T.releveSolde}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="releve-report">
                <td className="releve-col-date" />
                <td colSpan={3}>{T.releveOuverture(addDays(r.debut, -1))}</td>
                <td className="num" data-testid="releve-ouverture">
                  {formatNombre(r.solde_ouverture)}
                </td>
              </tr>
              {r.lignes.length === 0 && (
                <tr>
                  <td className="releve-col-date" />
                  <td colSpan={4}>{T.releveAucun}</td>
                </tr>
              )}
              {r.lignes.map((l) => (
                <tr key={`${l.at}|${l.ref}|${l.type}`} data-testid="releve-ligne">
                  <td className="releve-col-date">{formatDate(l.date)}</td>
                  <td>
                    {/* On a phone the date column gives its width to the libellé and sits above it. */}
                    <span className="releve-date-court" aria-hidden="true">
                      {formatDate(l.date)}
                    </span>
                    {l.libelle}
                  </td>
                  <td className="num">{signe(l.type) > 0 ? formatNombre(l.montant) : ''}</td>
                  <td className="num">{signe(l.type) < 0 ? formatNombre(l.montant) : ''}</td>
                  <td className="num">{formatNombre(l.solde)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="releve-unite">{T.releveUnite}</p>
          <div className="doc-grid" data-testid="releve-totaux">
            <div>
              <span>{T.releveVentes}</span>
              <span data-testid="releve-ventes">{formatFcfa(r.ventes_credit)}</span>
            </div>
            <div>
              <span>{T.releveVersements}</span>
              <span data-testid="releve-versements">{formatFcfa(r.versements)}</span>
            </div>
            <div>
              <span>{T.releveAnnulationsVentes}</span>
              <span data-testid="releve-annulations-ventes">{formatFcfa(r.annulations_ventes)}</span>
            </div>
            <div>
              <span>{T.releveAnnulationsVersements}</span>
              <span data-testid="releve-annulations-versements">{formatFcfa(r.annulations_versements)}</span>
            </div>
          </div>
          <p className="doc-total releve-cloture">
            {T.releveCloture(r.fin)}&nbsp;: <strong data-testid="releve-cloture">{formatFcfa(r.solde_cloture)}</strong>
          </p>
        </>
      )}
    </DocumentFrame>
  );
}

interface LigneCsv {
  date: string;
  libelle: string;
  debit: number | null;
  credit: number | null;
  solde: number;
}

const COLONNES_CSV = [
  { label: T.releveDate, value: (l: LigneCsv) => l.date, date: true },
  { label: T.releveLibelle, value: (l: LigneCsv) => l.libelle },
  { label: `${T.releveDebit} (FCFA)`, value: (l: LigneCsv) => l.debit },
  { label: `${T.releveCredit} (FCFA)`, value: (l: LigneCsv) => l.credit },
  { label: `${T.releveSolde} (FCFA)`, value: (l: LigneCsv) => l.solde },
];
