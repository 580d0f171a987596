// "Commencez ici" (a first week that guides): four first steps — a batch, an expense, a product, a
// sale — each ticked from the business's real records, each with the screen that does it, and the
// trial's end date. Shown only during the free trial (a paying business is past its first week, and
// its history can be long: the sales read below stays a new business's small one), until the four
// are done (then this device remembers, so a finished list never flashes again) or the user hides it.
// Whether it is the trial, and until when, comes from api/checkplan, which the dashboard's entry
// asks before the screen's files arrive; when it says trial, the entry asks the three lists below
// too (api/paths.ts), so the list usually paints with its ticks in the dashboard's first render.
// A step is never ticked or left unticked on a guess: until the lists have answered its mark says
// « vérification ».
// Where each tick comes from, all lists the app already reads:
// - batch: GET api/bande (archived ones count too: they were made);
// - expense: a batch's non-cancelled expenses (BandeSummary.depense > 0);
// - product: GET api/produit;
// - sale: a batch sale (nb_vendu > 0, or a layer batch's réforme hens nb_reforme > 0) or a shop sale line (POST api/vente/boutique since the year
//   2000, cancelled lines left out).
// A user without the right to read one of these lists does not get the list (it could not be true).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BandeSummary } from '@shared/schemas/bandes';
import type { ProduitListResponse } from '@shared/schemas/produits';
import type { VenteHistoryResponse } from '@shared/schemas/ventes';
import { earlyQuery } from '../../../lib/api/early';
import { usePlanValid, validPlan } from '../../../lib/api/check-plan';
import { formatDate } from '../../../lib/format';
import { bandesAvecArchivesQueryOptions } from '../../../lib/queries/bandes';
import { produitsAvecArchivesQueryOptions } from '../../../lib/queries/produits';
import { ventesQueryOptions } from '../../../lib/queries/ventes';
import { FIRST_STEPS_HIDDEN_KEY, firstStepsHidden, firstStepsReads, firstStepsVentes } from '../api/paths';

export { FIRST_STEPS_HIDDEN_KEY };

function remember(): void {
  try {
    localStorage.setItem(FIRST_STEPS_HIDDEN_KEY, '1');
  } catch {
    // private mode: hidden for this visit only
  }
}

export function CommencezIci() {
  const [hidden, setHidden] = useState(firstStepsHidden);
  const plan = validPlan(usePlanValid().data);
  const on = !hidden && plan?.trial === true;
  // Each list takes the SPA entry's read when it was asked (api/paths.ts: a business on trial).
  const [bandesRead, produitsRead, ventesRead] = firstStepsReads();
  const bandes = useQuery({ ...bandesAvecArchivesQueryOptions(), ...earlyQuery<BandeSummary[]>(bandesRead), enabled: on, retry: false });
  const produits = useQuery({ ...produitsAvecArchivesQueryOptions(), ...earlyQuery<ProduitListResponse>(produitsRead), enabled: on, retry: false });
  const ventes = useQuery({ ...ventesQueryOptions(firstStepsVentes()), ...earlyQuery<VenteHistoryResponse>(ventesRead), enabled: on, retry: false });
  const known = !!(bandes.data && produits.data && ventes.data);
  const lots = bandes.data ?? [];
  const firstLot = lots[0];
  const steps = [
    { key: 'bande', done: known && lots.length > 0, label: 'Créer votre première bande', to: '/bande', action: 'Créer une bande' },
    {
      key: 'depense',
      done: known && lots.some((b) => b.depense > 0),
      label: 'Noter une première dépense (aliment, vaccins…)',
      to: firstLot ? `/bande/${firstLot.id}` : '/bande',
      action: firstLot ? 'Ouvrir la bande' : "Créer d'abord une bande",
    },
    { key: 'produit', done: known && (produits.data?.length ?? 0) > 0, label: 'Ajouter un premier produit', to: '/produit', action: 'Ajouter un produit' },
    {
      key: 'vente',
      done: known && (lots.some((b) => b.nb_vendu > 0 || (b.nb_reforme ?? 0) > 0) || (ventes.data?.ventes ?? []).some((v) => v.etat !== 'DELETED')),
      label: 'Enregistrer une première vente',
      to: '/vente/vente',
      action: 'Nouvelle vente',
    },
  ];
  const allDone = known && steps.every((s) => s.done);
  // Four steps done stay done (archived records still count): this device stops asking.
  useEffect(() => {
    if (allDone) remember();
  }, [allDone]);
  if (!on || !plan || allDone) return null;
  if (bandes.error || produits.error || ventes.error) return null;
  const hide = () => {
    remember();
    setHidden(true);
  };
  const faits = steps.filter((s) => s.done).length;

  return (
    // The shared button look applies inside .ui-page (as for the transaction table below).
    <section className="ui-page card first-steps" aria-labelledby="first-steps-title" data-testid="first-steps">
      <h2 id="first-steps-title" className="first-steps-title">
        Commencez ici
      </h2>
      <p data-testid="first-steps-essai">Essai gratuit jusqu'au {formatDate(plan.validUntil)}</p>
      <p className="first-steps-count">{known ? `Étapes faites : ${faits} sur 4` : 'Vérification de vos étapes…'}</p>
      <ol className="first-steps-list">
        {steps.map((s) => (
          <li key={s.key} data-testid={`first-step-${s.key}`} data-done={known ? (s.done ? 'oui' : 'non') : undefined} className={s.done ? 'done' : undefined}>
            {/* What changes when the lists answer is inside the mark only: the label, the largest text
                the dashboard paints first, is painted once (a changed text inside it is a new paint,
                which Lighthouse took for the screen's largest one, after the lists' answers). The mark
                comes first on screen (ui.css `order`) and after the label for a screen reader. */}
            <span className="first-step-label">{s.label}</span>
            <span className="first-step-mark">
              <span aria-hidden="true">{known ? (s.done ? '✓' : '○') : '…'}</span>
              <span className="sr-only">{known ? (s.done ? ' : fait' : ' : à faire') : ' : vérification'}</span>
            </span>
            {known && !s.done ? (
              <Link className="btn btn-small" to={s.to}>
                {s.action}
              </Link>
            ) : (
              // The action's place is kept, same box, before the lists answer and once the step is
              // done: a row never grows or shrinks after the first paint, so the figures below do
              // not jump (Lighthouse measured their shift, CLS 0.07, when the buttons came late).
              <span aria-hidden="true" className="btn btn-small first-step-slot">
                {s.action}
              </span>
            )}
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-small" onClick={hide}>
        Masquer cette liste
      </button>
    </section>
  );
}
