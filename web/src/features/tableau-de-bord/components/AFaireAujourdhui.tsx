// The dashboard's « À faire aujourd'hui », across the business's batches: the health
// steps due today and late, the withdrawals running (no sale of those birds or eggs until their last
// day), and the death alerts (shared/formulas/sante.ts `alerteMortalite`); each line opens its
// batch's Santé tab (the alert: its batch). adds the feed store's days left under the
// business's threshold (→ #/aliment) and each batch whose water dropped (→ the batch), and the way
// to the daily round (#/tournee), where the day's figures are typed. Loaded on its own by the dashboard (a lazy chunk), for
// users with the batches' right only: the first screen's JavaScript does not carry it.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ALIMENT_MSG, FICHE_MSG } from '@shared/messages/aliment';
import { SANTE_MSG, STATUT_ETAPE_NOM, VOIE_NOM } from '@shared/messages/sante';
import { formatNombre } from '@shared/format';
import { formatDate } from '../../../lib/format';
import { aFaireQueryOptions } from '../../../lib/queries/sante';

export default function AFaireAujourdhui() {
  const q = useQuery(aFaireQueryOptions());
  const d = q.data;
  if (!d) return null;
  const eau = d.eau ?? [];
  const rien = !d.etapes.length && !d.attentes.length && !d.alertes.length && !d.aliment && !eau.length;
  return (
    <section className="card dash-a-faire" aria-labelledby="dash-a-faire-title" data-testid="a-faire">
      <div className="a-faire-head">
        <h2 id="dash-a-faire-title">À faire aujourd&apos;hui</h2>
        <Link className="btn btn-primary" to="/tournee" data-testid="a-faire-tournee">
          Tournée du jour
        </Link>
      </div>
      {rien && <p className="muted">Rien de prévu ni en retard dans vos bandes.</p>}
      {(d.aliment || !!eau.length) && (
        <ul className="a-faire-list">
          {d.aliment && (
            <li className="a-faire-alerte" data-testid="a-faire-aliment">
              <span className="badge badge-danger">Aliment</span>{' '}
              <Link to="/aliment">{ALIMENT_MSG.alerteStock(d.aliment.jours_restants, d.aliment.seuil_jours)}</Link>{' '}
              <span className="muted">({formatNombre(d.aliment.stock_kg)} kg en stock)</span>
            </li>
          )}
          {eau.map((a) => (
            <li key={`${a.id_bande}-${a.date}`} className="a-faire-alerte" data-testid="a-faire-eau">
              <span className="badge badge-danger">Eau</span> <Link to={`/bande/${a.id_bande}`}>{FICHE_MSG.alerteEau(a.nom_bande, a.baisse_pct)}</Link>{' '}
              <span className="muted">
                ({formatDate(a.date)} : {formatNombre(a.eau_litres)} L, {formatNombre(a.moyenne_precedente)} L par jour avant)
              </span>
            </li>
          ))}
        </ul>
      )}
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
