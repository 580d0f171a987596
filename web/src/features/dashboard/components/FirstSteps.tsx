// "Commencez ici" (issue 18, a first week that guides): four first steps — a batch, an expense, a
// product, a sale — each ticked from the business's real records, each with the screen that does
// it, and the trial's end date. Shown only during the free trial (a paying business is past its
// first week, and its history can be long: the sales read below stays a new business's small one),
// until the four are done or the user hides it (remembered on this device).
// Where each tick comes from, all lists the app already reads:
// - batch: GET api/bande (archived ones count too: they were made);
// - expense: a batch's non-cancelled expenses (BandeSummary.depense > 0);
// - product: GET api/produit;
// - sale: a batch sale (nb_vendu > 0) or a shop sale line (POST api/vente/boutique since the year
//   2000, cancelled lines left out).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { bandesAvecArchivesQueryOptions } from '../../../lib/queries/bandes';
import { paiementsQueryOptions } from '../../../lib/queries/paiements';
import { produitsAvecArchivesQueryOptions } from '../../../lib/queries/produits';
import { ventesQueryOptions } from '../../../lib/queries/ventes';

export const FIRST_STEPS_HIDDEN_KEY = 'ganaar.commencez-ici.masque';

const today = () => new Date().toISOString().slice(0, 10);

function isHidden(): boolean {
  try {
    return localStorage.getItem(FIRST_STEPS_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function FirstSteps() {
  const [hidden, setHidden] = useState(isHidden);
  // The subscription: its end date, and whether it is the trial (utav right: an admin's).
  const sub = useQuery({ ...paiementsQueryOptions(), enabled: !hidden, retry: false });
  const essai = sub.data?.abonnement?.essai === true;
  const on = !hidden && essai;
  const bandes = useQuery({ ...bandesAvecArchivesQueryOptions(), enabled: on, retry: false });
  const produits = useQuery({ ...produitsAvecArchivesQueryOptions(), enabled: on, retry: false });
  const ventes = useQuery({ ...ventesQueryOptions({ debut: '2000-01-01', fin: today() }), enabled: on, retry: false });
  if (!on || !sub.data?.abonnement) return null;
  // Nothing is ticked or left unticked on a guess: the list waits for the three answers.
  if (!bandes.data || !produits.data || !ventes.data) return null;

  const lots = bandes.data;
  const firstLot = lots[0];
  const steps = [
    { key: 'bande', done: lots.length > 0, label: 'Créer votre première bande', to: '/bande', action: 'Créer une bande' },
    {
      key: 'depense',
      done: lots.some((b) => b.depense > 0),
      label: 'Noter une première dépense (aliment, vaccins…)',
      to: firstLot ? `/bande/${firstLot.id}` : '/bande',
      action: firstLot ? 'Ouvrir la bande' : "Créer d'abord une bande",
    },
    { key: 'produit', done: produits.data.length > 0, label: 'Ajouter un premier produit', to: '/produit', action: 'Ajouter un produit' },
    {
      key: 'vente',
      done: lots.some((b) => b.nb_vendu > 0) || ventes.data.ventes.some((v) => v.etat !== 'DELETED'),
      label: 'Enregistrer une première vente',
      to: '/vente/vente',
      action: 'Nouvelle vente',
    },
  ];
  if (steps.every((s) => s.done)) return null;
  const hide = () => {
    try {
      localStorage.setItem(FIRST_STEPS_HIDDEN_KEY, '1');
    } catch {
      // private mode: hidden for this visit only
    }
    setHidden(true);
  };
  const faits = steps.filter((s) => s.done).length;

  return (
    // The shared button look applies inside .ui-page (as for the transaction table below).
    <section className="ui-page card first-steps" aria-labelledby="first-steps-title" data-testid="first-steps">
      <h2 id="first-steps-title" className="first-steps-title">
        Commencez ici
      </h2>
      <p data-testid="first-steps-essai">Essai gratuit jusqu'au {formatDate(sub.data.abonnement.valid_until)}</p>
      <p className="first-steps-count">
        Étapes faites : {faits} sur 4
      </p>
      <ol className="first-steps-list">
        {steps.map((s) => (
          <li key={s.key} data-testid={`first-step-${s.key}`} data-done={s.done ? 'oui' : 'non'} className={s.done ? 'done' : undefined}>
            <span aria-hidden="true" className="first-step-mark">
              {s.done ? '✓' : '○'}
            </span>
            <span className="first-step-label">
              {s.label}
              <span className="sr-only">{s.done ? ' : fait' : ' : à faire'}</span>
            </span>
            {!s.done && (
              <Link className="btn btn-small" to={s.to}>
                {s.action}
              </Link>
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
