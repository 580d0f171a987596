// Dashboard (spec part 1 §2, §9): a start/end date search (both required; Rechercher, then
// Valider, Loading... while loading), the subscription warning when api/checkplan answers 424, and
// nine cards computed with the shared formulas over the entries DATED in the range
// (api/dashboard/periode; batches counted when active in it). Profit is red when negative, green
// otherwise; profitability shows only when profit is positive. The cards keep their last figures
// whatever happens to a new search: a period the server refuses shows the server's
// message above them (naming the period they still show), never a wall of zeros; a network failure
// is ignored silently (spec §7). Below: the year month by month (MoisParMois) and the subscription
// payments, mounted when scrolled near (lib/ui/WhenVisible). Between the two, for users with the
// batches' right, the flock's « À faire aujourd'hui », a chunk of its own.
import { lazy, memo, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { productionCost, results } from '@shared/formulas';
import { TABLEAU_DE_BORD_MSG } from '@shared/messages/bandes';
import type { PeriodDashboard } from '@shared/schemas/tableau-de-bord';
import { formatCost, formatDate, formatFcfa, formatNumber, formatRate } from '../../../lib/format';
import { refusalMessage } from '../../../lib/http';
import { Alert } from '../../../lib/ui/Alert';
import { usePlanValid } from '../../../lib/api/check-plan';
import { usePermission } from '../../../lib/api/check-permission';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { PlanBanner } from '../../../lib/ui/PlanBanner';
import { StatCard } from '../../../lib/ui/StatCard';
import { WhenVisible } from '../../../lib/ui/WhenVisible';
import { usePeriode } from '../api/get-dashboard';
import { defaultRange } from '../api/paths';
import { CommencezIci } from '../components/CommencezIci';
import { MoisParMois } from '../components/MoisParMois';
import { TransactionsParService } from '../components/TransactionsParService';

// Each part below reads its own queries: the period's answer (or a date typed in the search) re-renders
// the cards only, not the checklist, the year's chart and table or the transactions. A query's answer
// renders its subscribers synchronously (TanStack Query goes through useSyncExternalStore), so on a
// phone every part rendered again is time the screen cannot answer a tap.
const Banner = memo(PlanBanner);
const Steps = memo(CommencezIci);
const Months = memo(MoisParMois);
const Transactions = memo(TransactionsParService);
// Not in the dashboard's own file: its code (and the health messages) load only for a user who may
// see it, after the figures (tests/e2e/bundle.e2e.test.ts measures the first screen).
const AFaire = lazy(() => import('../components/AFaireAujourdhui'));

/** « À faire aujourd'hui », for users with the batches' right (every health route needs it). */
function SanteDuJour() {
  const allowed = usePermission('bandav').data === true;
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <AFaire />
    </Suspense>
  );
}

/** The year's place before it is mounted: its title, so that the page reads the same (nothing is loading yet). */
function MonthsPlaceholder() {
  return (
    <section className="ui-page dash-months" aria-labelledby="dash-months-title" data-testid="dash-months-attente">
      <div className="card-toolbar dash-months-bar">
        <h2 id="dash-months-title">Mois par mois</h2>
      </div>
    </section>
  );
}

const SEARCH_LABELS = ['Rechercher', 'Valider', 'Chargement…'] as const;

/**
 * The search button's label, in a box as wide as its longest: every label sits in one grid cell and
 * only the current one is seen and read. A label that changed the button's width moved the page: at
 * 412 px « Chargement… » (while a refetch runs) no longer fitted beside the end date and wrapped
 * below it, and the cards under the form moved with it (Lighthouse's layout shift 0.145).
 */
function ButtonLabel({ label }: { label: (typeof SEARCH_LABELS)[number] }) {
  return (
    <span className="btn-labels">
      {SEARCH_LABELS.map((l) => (
        <span key={l} className={l === label ? undefined : 'btn-label-off'} aria-hidden={l === label ? undefined : true}>
          {l}
        </span>
      ))}
    </span>
  );
}

export default function TableauDeBordPage() {
  // The range it opens on is the one the SPA entry asked ahead (paths.ts).
  const [range, setRange] = useState(defaultRange);
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [searched, setSearched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dash = usePeriode(range);
  const plan = usePlanValid();
  // Right after sign-up: the spec's success message, then the first steps.
  const bienvenue = (useLocation().state as { bienvenue?: string } | null)?.bienvenue;
  // The last figures the server gave: kept on screen while a new period loads or is refused.
  const [kept, setKept] = useState<PeriodDashboard | undefined>(dash.data);
  if (dash.data && dash.data !== kept) setKept(dash.data);
  const p = dash.data ?? kept;
  const refused = refusalMessage(dash.error);
  // A refusal speaks of the last period sent: a new search (loading, or stopped by the form's own
  // check) replaces it instead of stacking under it.
  const refusal = refused && !dash.isFetching && !error ? refused : null;
  const f = {
    ...results({ sujets: p?.sujets ?? 0, chiffreAffaire: p?.chiffre_affaire ?? 0, depenses: p?.depense ?? 0, pertes: p?.pertes ?? 0 }),
    // The cost per bird divides the expenses of the batches counted: an archived batch's expenses
    // stay in the period's money, not in the cost of the birds counted (decision 0215).
    coutProduction: productionCost(p?.depense_production ?? p?.depense ?? 0, p?.sujets ?? 0),
    bandes: p?.bandes ?? 0,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!start || !end) return setError('Les deux dates sont requises');
    if (start > end) return setError('La date de début doit précéder la date de fin');
    setError(null);
    setSearched(true);
    setRange({ start, end });
  };

  // The page's body waits for its two first answers (both asked by the SPA entry, so this costs no
  // round trip): what they bring — the subscription banner, the first steps, the empty period's
  // sentence — sits above the figures, and arriving after them it pushed the search and the cards
  // down by most of a phone's screen (a slow first answer, as after a cold start: Lighthouse's
  // layout shift 0.51). A query that is not travelling (offline) does not hold the page.
  const firstAnswers = (dash.fetchStatus !== 'fetching' || !!p) && (plan.fetchStatus !== 'fetching' || !plan.isPending);
  if (!firstAnswers) {
    return (
      <section className="page">
        <h1 className="page-title">Tableau de bord</h1>
        <PageLoader />
      </section>
    );
  }

  return (
    <section className="page">
      <h1 className="page-title">Tableau de bord</h1>
      <Banner />
      {bienvenue && <Alert kind="success">{bienvenue}</Alert>}
      <Steps />
      <form className="card search-bar" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="db-start">Date de début</label>
          <input id="db-start" type="date" required value={start} onChange={(e) => setStart(e.target.value)} aria-invalid={!start || undefined} />
        </div>
        <div className="field">
          <label htmlFor="db-end">Date de fin</label>
          <input id="db-end" type="date" required value={end} onChange={(e) => setEnd(e.target.value)} aria-invalid={!end || undefined} />
        </div>
        <button type="submit" className={`btn btn-primary${!start || !end ? ' btn-muted' : ''}`} disabled={dash.isFetching}>
          <ButtonLabel label={dash.isFetching ? 'Chargement…' : searched ? 'Valider' : 'Rechercher'} />
        </button>
        {error && <p className="field-error">{error}</p>}
      </form>
      {refusal && (
        <Alert kind="error">
          <span data-testid="dash-refus">{refusal}</span>
          {p && ` Les chiffres affichés restent ceux du ${formatDate(p.debut)} au ${formatDate(p.fin)}.`}
        </Alert>
      )}
      {p && !p.bandes && !p.chiffre_affaire && !p.depense && !p.oeufs && !p.ventes_boutique && (
        // A period without any figure says where the figures come from, not a wall of zeros alone.
        <p className="card dash-empty" data-testid="dash-vide">
          Aucun chiffre sur cette période : les cartes se remplissent avec vos bandes, leurs dépenses et vos ventes. <Link to="/bande">Voir les bandes</Link>
        </p>
      )}
      <div className="stat-cards stat-cards-2">
        <StatCard label="Bandes" value={f.bandes} testId="dash-bandes" />
        <StatCard label="Sujets" value={formatNumber(f.sujets)} testId="dash-sujets" />
        <StatCard label="Dépense" value={formatFcfa(f.depenses)} testId="dash-depense" />
        <StatCard label="Chiffre d'affaires" value={formatFcfa(f.chiffreAffaire)} testId="dash-ca" />
        <StatCard label="Mortalité" value={formatNumber(f.pertes)} testId="dash-mortalite" />
        <StatCard label="Taux de mortalité" value={formatRate(f.tauxMortalite)} testId="dash-taux-mortalite" />
        <StatCard label="Coût de production" value={`${formatCost(f.coutProduction)} / sujet`} testId="dash-cout" />
        <StatCard label="Bénéfice" value={formatFcfa(f.benefice)} testId="dash-benefice" tone={f.benefice < 0 ? 'bad' : 'good'} />
        {f.benefice > 0 && f.tauxRentabilite !== null && (
          <StatCard label="Taux de rentabilité" value={formatRate(f.tauxRentabilite)} testId="dash-rentabilite" tone="good" />
        )}
        {!!p?.oeufs && <StatCard label="Œufs collectés" value={formatNumber(p.oeufs)} testId="dash-oeufs" />}
        {!!p?.ventes_boutique && <StatCard label="Ventes boutique hors bandes" value={formatFcfa(p.ventes_boutique)} testId="dash-ventes-boutique" />}
      </div>
      {!!p?.bandes_archivees && (
        <p className="dash-note" data-testid="dash-archivees">
          {TABLEAU_DE_BORD_MSG.archivees(p.bandes_archivees)}
        </p>
      )}
      <SanteDuJour />
      {/* A screen or two below the figures on a phone: mounted (and read) when scrolled near. */}
      <WhenVisible placeholder={<MonthsPlaceholder />}>
        <Months initialYear={Number(range.end.slice(0, 4))} />
        <Transactions range={range} />
      </WhenVisible>
    </section>
  );
}
