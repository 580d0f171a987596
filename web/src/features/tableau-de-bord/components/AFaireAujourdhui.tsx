// The dashboard's « À faire aujourd'hui » (issue 34 §4), across the business's batches: the health
// steps due today and late, the withdrawals running (no sale of those birds or eggs until their last
// day), and the death alerts (shared/formulas/sante.ts `alerteMortalite`); each line opens its
// batch's Santé tab (the alert: its batch). Loaded on its own by the dashboard (a lazy chunk), for
// users with the batches' right only: the first screen's JavaScript does not carry it.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SANTE_MSG, STATUT_ETAPE_NOM, VOIE_NOM } from '../../../../../shared/messages/sante';
import { formatDate } from '../../../lib/format';
import { aFaireQueryOptions } from '../../../lib/queries/sante';

export default function AFaireAujourdhui() {
  const q = useQuery(aFaireQueryOptions());
  const d = q.data;
  if (!d) return null;
  const rien = !d.etapes.length && !d.attentes.length && !d.alertes.length;
  return (
    <section className="card dash-a-faire" aria-labelledby="dash-a-faire-title" data-testid="a-faire">
      <h2 id="dash-a-faire-title">À faire aujourd&apos;hui</h2>
      {rien && <p className="muted">Rien de prévu ni en retard dans vos bandes.</p>}
      {!!d.alertes.length && (
        <ul className="a-faire-list">
          {d.alertes.map((a) => (
            <li key={`${a.id_bande}-${a.date}`} className="a-faire-alerte" data-testid="a-faire-alerte">
              <span className="badge badge-danger">Alerte</span> <Link to={`/bande/${a.id_bande}`}>{a.nom_bande}</Link> · {formatDate(a.date)} :{' '}
              {SANTE_MSG.alerteMortalite(a.pertes, a.moyenne_7j)}
            </li>
          ))}
        </ul>
      )}
      {!!d.etapes.length && (
        <ul className="a-faire-list">
          {d.etapes.map((e) => (
            <li key={e.id} data-testid="a-faire-etape">
              <span className={e.statut === 'en_retard' ? 'badge badge-danger' : 'badge badge-warning'}>{STATUT_ETAPE_NOM[e.statut]}</span>{' '}
              <Link to={`/bande/${e.id_bande}/sante`}>
                {e.nom_bande} : {e.intitule}
              </Link>{' '}
              <span className="muted">
                (J{e.age}, prévu le {formatDate(e.date_prevue)}, {VOIE_NOM[e.voie] ?? e.voie})
              </span>
            </li>
          ))}
        </ul>
      )}
      {!!d.attentes.length && (
        <ul className="a-faire-list">
          {d.attentes.map((a) => (
            <li key={a.id_traitement} data-testid="a-faire-attente">
              <span className="badge badge-warning">Délai d&apos;attente</span>{' '}
              <Link to={`/bande/${a.id_bande}/sante`}>
                {a.nom_bande} : {a.produit}
              </Link>
              {a.viande_jusqu_au && <span className="muted"> · {SANTE_MSG.attenteEnCours('viande', a.viande_jusqu_au)}</span>}
              {a.oeufs_jusqu_au && <span className="muted"> · {SANTE_MSG.attenteEnCours('oeufs', a.oeufs_jusqu_au)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
