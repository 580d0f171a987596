// The business's alert settings (POST api/aliment/seuil): the days of feed left under which
// « À faire » warns (1 to 60) and the share of a drop in water per bird that raises its water alert
// (5 to 90 %, « indicatif »: no published source gives one, decision 0242). One small form each, so
// that saving one sends only it and never puts back the other as this screen last read it. Office
// work: sent at once, the server's refusal shown as said.
import { useState } from 'react';
import { EAU_BAISSE_ALERTE_PCT } from '@shared/aliment/references';
import { BANDE_MSG } from '@shared/messages/bandes';
import { ALIMENT_ECRAN } from '@shared/messages/aliment';
import { seuilAlimentSchema, type SeuilAlimentInput } from '@shared/schemas/aliment';
import { useAlimentMutation } from '../../../lib/aliment/consommation';
import { serverMessage } from '../../../lib/http';
import { lireTexte } from '@shared/nombres';
import { setSeuil } from '../api/mutations';

interface Reglage {
  champ: keyof SeuilAlimentInput;
  id: string;
  label: string;
  bouton: string;
  enregistre: (n: number) => string;
  note?: string;
}

const JOURS: Reglage = {
  champ: 'seuil_jours',
  id: 'f-seuil',
  label: "Alerte sous (jours d'aliment)",
  bouton: 'Enregistrer le seuil',
  enregistre: ALIMENT_ECRAN.seuilEnregistre,
};
const EAU: Reglage = {
  champ: 'baisse_eau_pct',
  id: 'f-baisse-eau',
  label: 'Alerte eau : baisse de plus de (%, par sujet)',
  bouton: 'Enregistrer la baisse',
  enregistre: ALIMENT_ECRAN.baisseEauEnregistree,
  note: ALIMENT_ECRAN.baisseEauIndicatif(EAU_BAISSE_ALERTE_PCT),
};

function ReglageForm({ r, value, onSaved }: { r: Reglage; value: number; onSaved: (message: string) => void }) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  const mut = useAlimentMutation(setSeuil);
  const noteId = `${r.id}-note`;
  const errId = `${r.id}-err`;
  const describedBy = [r.note ? noteId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form
      className="aliment-seuil"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        const lu = lireTexte(text);
        const parsed = seuilAlimentSchema.safeParse({ [r.champ]: lu.kind === 'nombre' ? lu.value : null });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? BANDE_MSG.operationFailed);
        const n = parsed.data[r.champ]!;
        setError(null);
        mut.mutate(parsed.data, {
          onSuccess: () => onSaved(r.enregistre(n)),
          onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
        });
      }}
    >
      <div className="field">
        <label htmlFor={r.id}>{r.label}</label>
        <div className="input-with-action">
          <input
            id={r.id}
            inputMode="numeric"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(ev) => {
              setText(ev.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-small" disabled={mut.isPending}>
            {mut.isPending ? 'Chargement…' : r.bouton}
          </button>
        </div>
        {r.note && (
          <p className="hint" id={noteId} data-testid={noteId}>
            {r.note}
          </p>
        )}
        {error && (
          <p className="field-error" id={errId}>
            {error}
          </p>
        )}
      </div>
    </form>
  );
}

export function SeuilForm({ seuil, baisseEau, onSaved }: { seuil: number; baisseEau: number; onSaved: (message: string) => void }) {
  return (
    <>
      <ReglageForm key={`j${seuil}`} r={JOURS} value={seuil} onSaved={onSaved} />
      <ReglageForm key={`e${baisseEau}`} r={EAU} value={baisseEau} onSaved={onSaved} />
    </>
  );
}
