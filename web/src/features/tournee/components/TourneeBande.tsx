// One batch's day in the round: deaths, eggs by size (layers: total and trays of 30), feed eaten
// from the store (kg or sacks), water, min/max temperature, humidity and a note, each with the
// batch's value of the day before beside it. « Enregistrer » checks every figure as its entry typed
// alone would (logic/tournee.ts `controler`), asks « Êtes-vous sûr ? » about what is merely unusual,
// then queues the day as one outbox entry (api/save-tournee.ts). Remounted for each batch and day.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ecrireNombre } from '@shared/nombres';
import { formatNombre } from '@shared/format';
import { TOURNEE_MSG } from '@shared/messages/tournee';
import type { BandeSummary } from '@shared/schemas/bandes';
import { formatDate } from '../../../lib/format';
import { serverMessage } from '../../../lib/http';
import { NumberField } from '../../../lib/ui/NumberField';
import { SureBox, sureLabel, useSure } from '../../../lib/ui/SureBox';
import { bandeDetailQueryOptions, collectesQueryOptions } from '../../../lib/queries/bandes';
import { today } from '../../../lib/day-bounds';
import { fichesQueryOptions } from '../api/get-fiches';
import { saveTournee } from '../api/save-tournee';
import { SAISIE_VIDE, UNITES_TOURNEE, controler, dejaDuJour, oeufsTapes, plateaux, veille, type Champ, type Saisie } from '../logic/tournee';

// Short enough for the select's half of a 360 px row.
const UNITE_LABEL: Record<(typeof UNITES_TOURNEE)[number], string> = { kg: 'kg', sac25: 'sacs 25 kg', sac50: 'sacs 50 kg' };

/** « Veille : 3 » beside a field (or « rien la veille »). */
function Hint({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p className="tr-veille" data-testid={testId}>
      Veille : {children ?? TOURNEE_MSG.veilleRien}
    </p>
  );
}

const n = (x: number | undefined, unit = '') => (x === undefined ? undefined : `${formatNombre(x)}${unit}`);

export interface Props {
  bande: BandeSummary;
  day: string;
  /** The entry was queued (written at once when online): its id. */
  onQueued: (entryId: string) => void;
}

export function TourneeBande({ bande, day, onQueued }: Props) {
  const detail = useQuery(bandeDetailQueryOptions(bande.id));
  const pondeuse = bande.type === 'pondeuse';
  const collectes = useQuery({ ...collectesQueryOptions(bande.id), enabled: pondeuse });
  const fiches = useQuery(fichesQueryOptions(bande.id));
  const [v, setV] = useState<Saisie>(SAISIE_VIDE);
  const [refus, setRefus] = useState<{ champ: Champ; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const sure = useSure();

  // The day's sheet, when it has one, fills the sheet's fields once, as soon as the sheets are read
  // (as French text): saving the day replaces its sheet whole, so a figure not typed again must
  // not be lost. Adjusted while rendering (React's « storing information from previous renders »).
  const [prefilled, setPrefilled] = useState(false);
  if (!prefilled && fiches.data) {
    setPrefilled(true);
    const f = fiches.data.find((x) => x.date === day);
    if (f) {
      const txt = (x: number | undefined | null) => (x == null ? '' : ecrireNombre(x));
      setV((old) => ({
        ...old,
        eau: old.eau || txt(f.eau_litres),
        temp_min: old.temp_min || txt(f.temp_min),
        temp_max: old.temp_max || txt(f.temp_max),
        humidite: old.humidite || txt(f.humidite),
        note: old.note || (f.note ?? ''),
      }));
    }
  }

  const b = detail.data;
  if (!b) {
    return <p className="muted">{detail.isError ? serverMessage(detail.error, TOURNEE_MSG.bandeIntrouvable) : 'Chargement…'}</p>;
  }
  const hier = veille(b, collectes.data ?? [], fiches.data ?? [], day);
  const deja = dejaDuJour(b, collectes.data ?? [], fiches.data ?? [], day);
  const oeufs = oeufsTapes(v);

  // Any change withdraws the refusal and the question: they were about the figures that were there.
  const set = (k: keyof Saisie) => (e: { target: { value: string } }) => {
    setRefus(null);
    sure.withdraw();
    setV((old) => ({ ...old, [k]: e.target.value }));
  };
  const err = (c: Champ) => (refus?.champ === c ? refus.message : undefined);
  const num = (k: keyof Saisie, label: string, decimal = false) => (
    <NumberField label={label} name={`tr-${k}`} decimal={decimal} value={v[k]} onChange={set(k)} error={err(k)} />
  );

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const c = controler(b, collectes.data ?? [], day, v, today());
    if (c.refus) {
      sure.withdraw();
      setRefus(c.refus);
      return;
    }
    if (!sure.confirmed(c.doutes)) return;
    setPending(true);
    try {
      const r = await saveTournee({ bande: b, day, parts: c.parts });
      onQueued(r.entry.id);
    } catch (ex) {
      setRefus({ champ: 'general', message: serverMessage(ex, TOURNEE_MSG.journeeEchec) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="tr-form" onSubmit={onSubmit} noValidate data-testid="tournee-form">
      {deja.length > 0 && (
        <p className="alert alert-warning tr-deja" data-testid="tournee-deja">
          {TOURNEE_MSG.dejaSaisi(day, deja)}
        </p>
      )}
      <fieldset className="tr-group">
        <legend>Mortalité</legend>
        {num('morts', 'Morts (nombre)')}
        <Hint testId="veille-morts">{n(hier.morts)}</Hint>
      </fieldset>

      {pondeuse && (
        <fieldset className="tr-group">
          <legend>Œufs ramassés</legend>
          <div className="tr-calibres">
            {num('s', 'S')}
            {num('m', 'M')}
            {num('l', 'L')}
            {num('xl', 'XL')}
          </div>
          <p className="tr-total" data-testid="tr-oeufs-total">
            Total : <strong>{formatNombre(oeufs.total)}</strong> œufs ({plateaux(oeufs.total)})
          </p>
          {err('oeufs') && (
            <p className="field-error" role="alert">
              {err('oeufs')}
            </p>
          )}
          <Hint testId="veille-oeufs">
            {hier.oeufs &&
              `${formatNombre(hier.oeufs.total)} (S ${formatNombre(hier.oeufs.s)}, M ${formatNombre(hier.oeufs.m)}, L ${formatNombre(hier.oeufs.l)}, XL ${formatNombre(hier.oeufs.xl)})`}
          </Hint>
        </fieldset>
      )}

      <fieldset className="tr-group">
        <legend>Aliment consommé (du stock)</legend>
        <div className="tr-row">
          {num('aliment', 'Quantité', true)}
          <div className="field">
            <label htmlFor="tr-unite">Unité</label>
            <select id="tr-unite" value={v.unite} onChange={set('unite')}>
              {UNITES_TOURNEE.map((u) => (
                <option key={u} value={u}>
                  {UNITE_LABEL[u]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Hint testId="veille-aliment">{n(hier.aliment_kg, ' kg')}</Hint>
      </fieldset>

      <fieldset className="tr-group">
        <legend>Eau et ambiance</legend>
        {num('eau', 'Eau bue (litres)', true)}
        <Hint testId="veille-eau">{n(hier.eau_litres, ' L')}</Hint>
        <div className="tr-row">
          {num('temp_min', 'Température min (°C)', true)}
          {num('temp_max', 'Température max (°C)', true)}
        </div>
        <Hint testId="veille-temp">
          {hier.temp_min !== undefined || hier.temp_max !== undefined ? `${n(hier.temp_min, ' °C') ?? '–'} / ${n(hier.temp_max, ' °C') ?? '–'}` : undefined}
        </Hint>
        {num('humidite', 'Humidité (%)', true)}
        <Hint testId="veille-humidite">{n(hier.humidite, ' %')}</Hint>
        <div className="field">
          <label htmlFor="tr-note">Note</label>
          <textarea id="tr-note" rows={2} maxLength={300} value={v.note} onChange={set('note')} aria-invalid={err('note') ? true : undefined} />
          {err('note') && <p className="field-error">{err('note')}</p>}
        </div>
        {hier.note && <Hint testId="veille-note">{hier.note}</Hint>}
      </fieldset>

      {refus && (refus.champ === 'date' || refus.champ === 'general') && (
        <div className="alert alert-error" role="alert" data-testid="tournee-refus">
          {refus.message}
        </div>
      )}
      <SureBox sure={sure} />
      <button type="submit" className="btn btn-primary tr-save" disabled={pending}>
        {pending ? 'Enregistrement…' : sureLabel(sure, `Enregistrer le ${formatDate(day)}`)}
      </button>
    </form>
  );
}
