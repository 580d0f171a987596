// A breed's targets for this business: the published curve (or the business's own)
// as editable lines "age;value" — weight in g by day for a broiler breed, hen-day % by week for a
// layer breed. Saved with POST api/race; the batch charts compare with it from then on.
import { useState, type FormEvent } from 'react';
import type { Race } from '@shared/breeds';
import { serverMessage } from '../../../lib/http';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { useSaveRace } from '../api/get-races';
import { MSG } from '@shared/messages/acces';

/** "7;202\n14;570" → [[7, 202], [14, 570]]; a line that is not two numbers → its number in the error. */
export function parsePoints(text: string): { points: [number, number][] } | { error: string } {
  const points: [number, number][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    if (!l) continue;
    const m = /^(\d+)\s*[;\t ]\s*(\d+(?:[.,]\d+)?)$/.exec(l);
    if (!m) return { error: `Ligne ${i + 1} : « âge;valeur » attendu (par exemple 7;202).` };
    points.push([Number(m[1]), Number(m[2].replace(',', '.'))]);
  }
  return { points };
}

export function RaceDialog({ race, onClose, onSaved }: { race: Race; onClose: () => void; onSaved: () => void }) {
  const save = useSaveRace();
  const chair = race.type === 'chair';
  const initial = chair ? race.poids.map((p) => `${p.jour};${p.g}`) : race.ponte.map((p) => `${p.semaine};${p.pct}`);
  const [text, setText] = useState(initial.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    const r = parsePoints(text);
    if ('error' in r) return setError(r.error);
    setError(null);
    const body = chair
      ? { code: race.code, poids: r.points.map(([jour, g]) => ({ jour, g })), ic: race.ic, ponte: [] }
      : { code: race.code, poids: [], ic: [], ponte: r.points.map(([semaine, pct]) => ({ semaine, pct })) };
    save.mutate(body, { onSuccess: onSaved, onError: (e) => setError(serverMessage(e, MSG.erreur)) });
  };
  return (
    <FormDialog
      title={`Objectifs de souche : ${race.nom}`}
      onClose={onClose}
      onSubmit={onSubmit}
      error={error}
      pending={save.isPending}
      submitLabel="Enregistrer"
    >
      <p className="chart-empty">
        {chair ? 'Une ligne par point : âge en jours ; poids moyen en g.' : 'Une ligne par point : âge en semaines ; taux de ponte (poule-jour) en %.'} Source
        publiée : {race.source}.
      </p>
      <div className="field">
        <label htmlFor="f-race-points">{chair ? 'Poids par âge (jour;g)' : 'Ponte par âge (semaine;%)'}</label>
        <textarea id="f-race-points" rows={10} value={text} onChange={(e) => (setError(null), setText(e.target.value))} />
      </div>
    </FormDialog>
  );
}
