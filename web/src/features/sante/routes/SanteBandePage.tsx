// A batch's « Santé » tab, #/bande/:id/sante: its plan (with « Appliquer un
// plan »), the running withdrawals, the calendar as cards (« Fait », « Sauter », « Annuler »), the
// treatments (« Nouveau traitement », their cancel), and this batch's health actions still waiting
// on the device or refused after sync, with the server's message. Every action goes through the
// outbox; a closed or archived batch shows its calendar without actions.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BANDE_MSG, TYPE_BANDE } from '@shared/messages/bandes';
import { SANTE_MSG } from '@shared/messages/sante';
import type { BandeDetail } from '@shared/schemas/bandes';
import type { EtapeBande, SanteBande } from '@shared/schemas/sante';
import { PLAN_ID_MIN } from '@shared/sante/plans-defaut';
import { formatDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { OfflineNote } from '../../../lib/offline/OfflineNote';
import { PendingEntries } from '../../../lib/offline/PendingEntries';
import { useOutbox, type OutboxEntry } from '../../../lib/offline/outbox';
import { bandeDetailQueryOptions } from '../../../lib/queries/bandes';
import { AttenteEnCours } from '../../../lib/ui/AttenteEnCours';
import { BandeTabs } from '../../../lib/ui/BandeTabs';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useSanteBande } from '../api/get-sante';
import { AppliquerPlanDialog } from '../components/AppliquerPlanDialog';
import { CalendrierBande } from '../components/CalendrierBande';
import { EtapeFaitDialog } from '../components/EtapeFaitDialog';
import { EtapeSauterDialog } from '../components/EtapeSauterDialog';
import { SanteConfirm, type SanteCancel } from '../components/SanteConfirm';
import { TraitementDialog } from '../components/TraitementDialog';
import { TraitementsList } from '../components/TraitementsList';
import '../sante.css';

const SANTE_KINDS = new Set(['sante-fait', 'sante-sauter', 'sante-annuler', 'traitement', 'traitement-annuler', 'sante-plan']);

type Dialog = { kind: 'fait' | 'sauter'; etape: EtapeBande } | { kind: 'traitement' } | { kind: 'plan' } | null;

export default function SanteBandePage() {
  const id = Number(useParams().id);
  const bande = useQuery({ ...bandeDetailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const sante = useSanteBande(id);
  if (!Number.isInteger(id) || id <= 0 || (bande.isError && !bande.data) || (sante.isError && !sante.data)) {
    const err = bande.error ?? sante.error;
    return (
      <section className="page ui-page bd-page">
        <div className="alert alert-error" role="alert">
          {err ? serverMessage(err, BANDE_MSG.bandeNotFound) : BANDE_MSG.bandeNotFound}
        </div>
        <Link to="/bande">Retour aux bandes</Link>
      </section>
    );
  }
  if (!bande.data || !sante.data) return <PageLoader />;
  return <Sante b={bande.data} s={sante.data} updatedAt={sante.dataUpdatedAt} />;
}

/** What waits in the outbox for each step and each treatment of this batch (sent in order once online). */
function useWaiting(entries: readonly OutboxEntry[]) {
  return useMemo(() => {
    const etapes = new Map<number, string>();
    const traitements = new Set<number>();
    for (const e of entries) {
      if (e.state !== 'pending') continue;
      const body = (e.body ?? {}) as { id_etape?: number; id_traitement?: number };
      if (body.id_etape) etapes.set(body.id_etape, e.label);
      if (body.id_traitement) traitements.add(body.id_traitement);
    }
    return { etapes, traitements };
  }, [entries]);
}

function Sante({ b, s, updatedAt }: { b: BandeDetail; s: SanteBande; updatedAt: number }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [cancel, setCancel] = useState<SanteCancel | null>(null);
  const [flash, showFlash] = useTimedMessage<string>();
  const active = b.statut === 'ACTIVE' && !b.archive;
  const mine = (e: OutboxEntry) => e.bandeId === b.id && SANTE_KINDS.has(e.kind);
  const outbox = useOutbox();
  const entries = useMemo(() => outbox.filter(mine), [outbox]); // eslint-disable-line react-hooks/exhaustive-deps
  const waiting = useWaiting(entries);
  const close = () => setDialog(null);
  const saved = (message: string) => {
    setDialog(null);
    setCancel(null);
    showFlash(message);
  };
  const aFaire = s.etapes.filter((e) => e.statut === 'en_retard' || e.statut === 'aujourdhui').length;

  return (
    <section className="page ui-page bd-page sante-page">
      <div className="page-header">
        <div>
          <h1 data-testid="bande-nom">{b.nom}</h1>
          <p className="bd-subtitle">
            <span className="badge">{TYPE_BANDE[b.type] ?? b.type}</span> Démarrée le {formatDate(b.date_demarage)}
            {b.statut !== 'ACTIVE' && <span className="badge badge-muted bd-inline-badge">Clôturée</span>}
          </p>
        </div>
        <BandeTabs id={b.id} pondeuse={b.type === 'pondeuse'} />
      </div>
      <AttenteEnCours attente={s.attente} />
      {flash && (
        <div className="alert alert-success" role="status">
          {flash}
        </div>
      )}
      <OfflineNote updatedAt={updatedAt} />
      <PendingEntries filter={mine} title="Soins de cette bande non envoyés" />

      <div className="card">
        <div className="card-toolbar sante-toolbar">
          <h2>Calendrier{aFaire ? ` · ${aFaire} à faire` : ''}</h2>
          {active && (
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'plan' })}>
              Appliquer un plan
            </button>
          )}
        </div>
        <p className="muted" data-testid="sante-plan">
          {s.nom_plan ? `Plan : ${s.nom_plan}` : 'Aucun plan de santé pour cette bande.'} <Link to="/sante/plans">Plans de santé</Link>
        </p>
        {s.id_plan !== null && s.id_plan < PLAN_ID_MIN && <p className="hint">{SANTE_MSG.indicatif}</p>}
        {s.etapes.length ? (
          <CalendrierBande
            etapes={s.etapes}
            waiting={waiting.etapes}
            onFait={active ? (etape) => setDialog({ kind: 'fait', etape }) : undefined}
            onSauter={active ? (etape) => setDialog({ kind: 'sauter', etape }) : undefined}
            onAnnuler={active ? (etape) => setCancel({ kind: 'etape', etape }) : undefined}
          />
        ) : (
          <p className="muted">Aucune étape : appliquez un plan pour dater ses vaccinations et ses soins.</p>
        )}
      </div>

      <div className="card">
        <div className="card-toolbar sante-toolbar">
          <h2>Traitements</h2>
          {active && (
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'traitement' })}>
              Nouveau traitement
            </button>
          )}
        </div>
        <TraitementsList
          traitements={s.traitements}
          waiting={waiting.traitements}
          onCancel={active ? (traitement) => setCancel({ kind: 'traitement', traitement }) : undefined}
        />
      </div>

      {dialog?.kind === 'fait' && <EtapeFaitDialog bande={b} etape={dialog.etape} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'sauter' && <EtapeSauterDialog bande={b} etape={dialog.etape} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'traitement' && <TraitementDialog bande={b} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'plan' && <AppliquerPlanDialog bande={b} current={s.id_plan} onClose={close} onSaved={saved} />}
      {cancel && <SanteConfirm bande={b} cancel={cancel} onClose={() => setCancel(null)} onDone={saved} />}
    </section>
  );
}
