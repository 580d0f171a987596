// #/sante/plans: the business's health plans. The two built-in ones come first,
// read-only, marked « Indicatif, à valider avec votre vétérinaire », each with « Copier » (the copy
// opens in the editor as a plan of one's own); the business's own plans open to be edited; above
// them, the plans written offline that still wait on the device.
import { Link } from 'react-router-dom';
import { BANDE_MSG, TYPE_BANDE } from '@shared/messages/bandes';
import { SANTE_MSG, VOIE_NOM } from '@shared/messages/sante';
import { serverMessage } from '../../../lib/http';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { usePlans } from '../api/get-sante';
import '../sante.css';

export default function PlansPage() {
  const plans = usePlans();
  return (
    <section className="page ui-page bd-page sante-plans">
      <div className="page-header">
        <div>
          <h1>Plans de santé</h1>
          <p className="bd-subtitle">Vaccinations et soins prévus par âge ; un plan appliqué à une bande devient son calendrier.</p>
        </div>
        <div className="page-actions">
          <Link className="btn btn-primary" to="/sante/plans/nouveau">
            Nouveau plan
          </Link>
          <Link className="btn" to="/bande">
            Retour aux bandes
          </Link>
        </div>
      </div>
      {/* A plan written offline waits on the device until sent (the list shows it once it has its id). */}
      <PendingEntries filter={(e) => e.kind === 'sante-plan-edit'} title="Plans non envoyés" />
      {plans.isError && !plans.data && <div className="alert alert-error">{serverMessage(plans.error, BANDE_MSG.operationFailed)}</div>}
      {!plans.data && !plans.isError && <PageLoader />}
      {plans.data?.map((p) => (
        <article key={p.id} className="card" data-testid="plan">
          <div className="card-toolbar sante-toolbar">
            <h2>{p.nom}</h2>
            {p.defaut ? (
              <Link className="btn" to={`/sante/plans/nouveau?copie=${p.id}`} aria-label={`Copier le plan ${p.nom}`}>
                Copier
              </Link>
            ) : (
              <Link className="btn" to={`/sante/plans/${p.id}`} aria-label={`Modifier le plan ${p.nom}`}>
                Modifier
              </Link>
            )}
          </div>
          <p className="muted">
            <span className="badge">{TYPE_BANDE[p.type]}</span> {p.etapes.length} étape{p.etapes.length > 1 ? 's' : ''}
            {p.defaut && <> · {SANTE_MSG.indicatif}</>}
          </p>
          <ol className="sante-plan-preview">
            {p.etapes.map((s, i) => (
              <li key={i}>
                <strong>J{s.age}</strong> · {s.intitule} <span className="muted">({VOIE_NOM[s.voie]})</span>
                {s.note && <span className="muted"> · {s.note}</span>}
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  );
}
