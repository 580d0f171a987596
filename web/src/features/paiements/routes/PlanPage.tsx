// Plan page /plan (spec part 2 §2): the subscription as it stands, the three plan cards with their
// price and limits and a "Choisir ce plan" button opening the payment dialog, the result of a payment
// (also when coming back from Wave's page: #/plan?paiement=<id>), and the payment history.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import { PLANS, type Plan, type PlanCode } from '@shared/plans';
import { SERVICES, STATUS_LABEL, type PaymentStatus } from '@shared/paiements';
import type { InitPaiementResponse, Paiement } from '@shared/schemas/paiements';
import { checkPlanQueryOptions } from '../../../lib/api/check-plan';
import { formatDate, formatFcfa, formatNumber } from '../../../lib/format';
import { Alert } from '../../../lib/ui/Alert';
import { DataTable, type Column } from '../../../lib/ui/DataTable';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { usePaiement } from '../api/get-paiement';
import { usePaiements, type Abonnement } from '../api/get-paiements';
import { PaiementDialog } from '../components/PaiementDialog';
import '../paiements.css';
import { loadMessage } from '../../../lib/http';

function limits(p: Plan): string[] {
  return [
    p.maxSujets === null ? 'Sujets illimités' : `${formatNumber(p.maxSujets)} sujets`,
    ...(p.code === 'db1' ? ['Production illimitée'] : []),
    `${p.maxUsers} utilisateurs`,
    `${p.maxBoutiques} ${p.maxBoutiques > 1 ? 'boutiques' : 'boutique'}`,
    p.maxOnlineProducts === null ? 'Site e-commerce' : `${p.maxOnlineProducts} produits en ligne`,
  ];
}

/** 771234567 → 77 123 45 67; 0712345678 → 07 12 34 56 78. */
const phone = (n: string) => (n.length === 9 ? n.replace(/^(\d{2})(\d{3})(\d{2})(\d{2})$/, '$1 $2 $3 $4') : n.replace(/(\d{2})(?=\d)/g, '$1 '));

const BADGE: Record<PaymentStatus, string> = { PENDING: 'badge badge-muted', SUCCESS: 'badge', FAILED: 'badge badge-danger', EXPIRED: 'badge badge-danger' };

function Summary({ a }: { a: Abonnement | null }) {
  if (!a) return null;
  const until = formatDate(a.valid_until);
  const state = a.suspendu ? `suspendu` : !a.valide ? `expiré depuis le ${until}` : a.essai ? `essai gratuit jusqu'au ${until}` : `valable jusqu'au ${until}`;
  return (
    <div className="card subscription-summary" data-testid="abonnement">
      <p>
        Votre abonnement : <strong>{a.plan}</strong> — {state}
      </p>
      {a.suspendu && <p className="muted">{PAIEMENT_MSG.suspended}</p>}
    </div>
  );
}

/** The payment the page was opened for (back from Wave), until the provider has confirmed it. */
function Returning({ id, failedHint }: { id: number; failedHint: boolean }) {
  const payment = usePaiement(id);
  const qc = useQueryClient();
  const status = payment.data?.status;
  useEffect(() => {
    if (status && status !== 'PENDING') void qc.invalidateQueries({ queryKey: checkPlanQueryOptions().queryKey });
  }, [status, qc]);
  if (payment.error) return <Alert kind="error">{loadMessage(payment.error)}</Alert>;
  if (!payment.data || status === 'PENDING') {
    return <Alert kind="info">{failedHint ? 'Vérification de votre paiement auprès de Wave…' : 'Paiement en cours de confirmation…'}</Alert>;
  }
  if (status === 'SUCCESS') {
    return (
      <Alert kind="success">
        {PAIEMENT_MSG.success} : plan {payment.data.plan} actif jusqu'au {formatDate(payment.data.periode_fin)}.
      </Alert>
    );
  }
  return (
    <Alert kind="error">
      {PAIEMENT_MSG.failed}
      {payment.data.motif_echec ? ` (${payment.data.motif_echec})` : ''}
    </Alert>
  );
}

const COLUMNS: Column<Paiement>[] = [
  { label: 'Date', cell: (p) => formatDate(p.created_at), card: 'title' },
  { label: 'Plan', cell: (p) => p.plan, card: 'title' },
  { label: 'Durée', cell: (p) => `${p.nb_mois} mois`, className: 'num' },
  { label: 'Montant', cell: (p) => formatFcfa(p.montant), className: 'num' },
  { label: 'Service', cell: (p) => SERVICES[p.service].nom },
  { label: 'Numéro', cell: (p) => phone(p.numero) },
  {
    label: 'Statut',
    cell: (p) => (
      <span className={BADGE[p.status]} title={p.motif_echec}>
        {STATUS_LABEL[p.status]}
      </span>
    ),
  },
  { label: 'Reçu', cell: (p) => p.recu ?? '', className: 'cell-break' },
];

export default function PlanPage() {
  const data = usePaiements();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'info'; text: string } | null>(null);
  const returning = Number(params.get('paiement'));
  const current = data.data?.abonnement;

  const done = (r: InitPaiementResponse) => {
    setChosen(null);
    setResult(r.status === 'SUCCESS' ? { kind: 'success', text: PAIEMENT_MSG.success } : { kind: 'info', text: PAIEMENT_MSG.pending });
    if (params.has('paiement')) setParams({}, { replace: true });
  };

  return (
    <section className="page ui-page">
      <div className="page-header">
        <h1>Abonnement</h1>
      </div>
      <PlanBanner />
      {Number.isInteger(returning) && returning > 0 && <Returning id={returning} failedHint={params.has('echec')} />}
      {result && <Alert kind={result.kind}>{result.text}</Alert>}
      {data.error && <Alert kind="error">{loadMessage(data.error)}</Alert>}
      <Summary a={current ?? null} />
      <div className="plan-cards">
        {(Object.keys(PLANS) as PlanCode[]).map((code) => {
          const p = PLANS[code];
          const isCurrent = current?.code_plan === code && current.valide;
          return (
            <article key={code} className={`card plan-card${isCurrent ? ' current' : ''}`} data-testid={`plan-${code}`}>
              <h2>
                {p.nom}
                {isCurrent && <span className="badge">Plan actuel</span>}
              </h2>
              <p className="plan-price">
                {formatFcfa(p.mensualite)} <small>/ mois</small>
              </p>
              <ul className="plan-limits">
                {limits(p).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
              <button type="button" className="btn btn-primary" onClick={() => setChosen(p)}>
                Choisir ce plan
              </button>
            </article>
          );
        })}
      </div>
      <DataTable
        title="Historique des paiements"
        columns={COLUMNS}
        page={{ rows: data.data?.paiements ?? [] }}
        loading={data.isLoading}
        empty="Aucun paiement"
        testId="paiements"
        rowKey={(p) => p.id}
      />
      {chosen && (
        <PaiementDialog
          plan={chosen}
          current={current ?? null}
          onClose={() => setChosen(null)}
          onDone={done}
          onRedirect={(link) => window.location.assign(link)}
        />
      )}
    </section>
  );
}
