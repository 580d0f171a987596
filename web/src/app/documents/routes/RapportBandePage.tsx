// Batch closing report: /bande/:id/rapport — one printable page with the batch's
// figures, its technical indicators and its charts; « Envoyer par WhatsApp » shares it.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { formatPlateaux } from '@shared/formulas/oeufs';
import { batchFigures, oeufsVendus, sujetsVendus } from '@shared/formulas';
import { VENTE_UNITE } from '@shared/messages/bandes';
import { defaultRace } from '@shared/breeds';
import { TYPE_BANDE } from '@shared/messages/bandes';
import { formatCost, formatDate, formatFcfa, formatNumber, formatRate } from '../../../lib/format';
import { useBande } from '../../../features/bandes/api/get-bande';
import { useCollectes } from '../../../features/bandes/api/get-collectes';
import { useRaces } from '../../../features/bandes/api/get-races';
import { BatchInsights } from '../../../features/bandes/components/BatchInsights';
import { avecAliment } from '../../../features/bandes/logic/aliment';
import { lignesBilan } from '../../../lib/oeufs/bilan';
import { lignesSujets } from '../../../features/bandes/logic/sujets-bilan';
import { stockOeufsQueryOptions } from '../../../lib/queries/oeufs';
import '../../../features/bandes/bandes.css';
import { DocumentFrame } from '../components/DocumentFrame';
import { PartageWhatsapp } from '../../../features/partage/components/PartageWhatsapp';
import { loadMessage } from '../../../lib/http';

export default function RapportBandePage() {
  const id = Number(useParams().id);
  const q = useBande(id);
  const b = q.data;
  const collectes = useCollectes(id, b?.type === 'pondeuse');
  const races = useRaces();
  // A layer flock's eggs: where its production went, as its « Œufs » tab says it.
  const oeufs = useQuery({ ...stockOeufsQueryOptions(id), enabled: b?.type === 'pondeuse' });
  // The feed eaten from the store is one of the batch's costs: counted as on its detail.
  const f = b ? batchFigures(avecAliment(b)) : null;
  const race = b ? races.data?.find((r) => r.code === (b.race ?? defaultRace(b.type))) : undefined;
  return (
    <DocumentFrame
      title="Rapport de bande"
      numero={b ? `B-${String(b.id).padStart(5, '0')}` : undefined}
      date={b?.closed_at ?? new Date().toISOString()}
      back={{ to: `/bande/${id}`, label: 'La bande' }}
      loading={q.isLoading}
      error={q.error ? loadMessage(q.error) : null}
      share={<PartageWhatsapp type="rapport_bande" id={id} disabled={!b} />}
    >
      {b && f && (
        <div className="bd-page">
          <h2 data-testid="rapport-nom">{b.nom}</h2>
          <div className="doc-grid">
            <div>
              <span>Type</span>
              <span>{TYPE_BANDE[b.type] ?? b.type}</span>
            </div>
            <div>
              <span>Souche</span>
              <span>{race?.nom ?? '—'}</span>
            </div>
            <div>
              <span>Démarrage</span>
              <span>{formatDate(b.date_demarage)}</span>
            </div>
            <div>
              <span>Clôture</span>
              <span>{b.closed_at ? formatDate(b.closed_at) : 'en cours'}</span>
            </div>
            <div>
              <span>Sujets</span>
              <span>{formatNumber(b.nb_sujet)}</span>
            </div>
            <div>
              <span>Pertes</span>
              <span>
                {formatNumber(f.pertes)} ({formatRate(f.tauxMortalite)})
              </span>
            </div>
            {b.type === 'pondeuse' && (
              <div>
                <span>Œufs vendus</span>
                <span data-testid="rapport-oeufs-vendus">{VENTE_UNITE.oeufsEtPlateaux(oeufsVendus(b))}</span>
              </div>
            )}
            <div>
              <span>Sujets vendus</span>
              <span data-testid="rapport-sujets-vendus">{formatNumber(sujetsVendus(b))}</span>
            </div>
            <div>
              <span>Dépenses</span>
              <span>{formatFcfa(f.depenses)}</span>
            </div>
            {!!avecAliment(b).aliment_kg && (
              <div>
                <span>Aliment du stock</span>
                <span data-testid="rapport-aliment">
                  {formatNumber(avecAliment(b).aliment_kg!)} kg · {formatFcfa(avecAliment(b).cout_aliment ?? 0)}
                </span>
              </div>
            )}
            <div>
              <span>Chiffre d'affaires</span>
              <span>{formatFcfa(f.chiffreAffaire)}</span>
            </div>
            <div>
              <span>Bénéfice</span>
              <strong data-testid="rapport-benefice">{formatFcfa(f.benefice)}</strong>
            </div>
            <div>
              <span>Coût de production</span>
              <span>{formatCost(f.coutProduction)} / sujet</span>
            </div>
            {f.tauxRentabilite !== null && (
              <div>
                <span>Taux de rentabilité</span>
                <span>{formatRate(f.tauxRentabilite)}</span>
              </div>
            )}
          </div>
          {b.type === 'pondeuse' && oeufs.data && (
            <section className="rapport-production">
              <h3>Où est allée la production</h3>
              <div className="doc-grid" data-testid="rapport-production">
                {lignesBilan(oeufs.data).map((l) => (
                  <div key={l.cle}>
                    <span>{l.libelle}</span>
                    <span data-testid={`rapport-bilan-${l.cle}`}>
                      {formatPlateaux(l.oeufs)}
                      {l.oeufs >= 30 && ` (${formatNumber(l.oeufs)} œufs)`}
                      {l.unites !== undefined && ` · ${formatNumber(l.unites)} unité${l.unites > 1 ? 's' : ''}`}
                    </span>
                  </div>
                ))}
              </div>
            </section>
          )}
          {b.type === 'chair' && (
            <section className="rapport-production">
              <h3>Où sont allés les sujets</h3>
              <div className="doc-grid" data-testid="rapport-sujets">
                {lignesSujets(b).map((l) => (
                  <div key={l.cle}>
                    <span>{l.libelle}</span>
                    <span data-testid={`rapport-sujets-${l.cle}`}>{formatNumber(l.sujets)}</span>
                  </div>
                ))}
              </div>
            </section>
          )}
          <BatchInsights b={b} collectes={collectes.data ?? []} races={races.data} />
        </div>
      )}
    </DocumentFrame>
  );
}
