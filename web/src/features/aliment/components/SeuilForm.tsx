// The threshold of days of feed left under which « À faire » warns (POST api/aliment/seuil),
// 1 to 60 days, the business's own. Office work: sent at once, the server's refusal shown as said.
import { useState } from 'react';
import { BANDE_MSG } from '../../../../../shared/messages/bandes';
import { ALIMENT_ECRAN } from '../../../../../shared/messages/aliment';
import { seuilAlimentSchema } from '../../../../../shared/schemas/aliment';
import { useAlimentMutation } from '../../../lib/aliment/consommation';
import { serverMessage } from '../../../lib/http';
import { lireTexte } from '../../../../../shared/nombres';
import { setSeuil } from '../api/mutations';

export function SeuilForm({ seuil, onSaved }: { seuil: number; onSaved: (message: string) => void }) {
  const [text, setText] = useState(String(seuil));
  const [error, setError] = useState<string | null>(null);
  const mut = useAlimentMutation(setSeuil);
  return (
    <form
      className="aliment-seuil"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        const lu = lireTexte(text);
        const parsed = seuilAlimentSchema.safeParse({ seuil_jours: lu.kind === 'nombre' ? lu.value : undefined });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? BANDE_MSG.operationFailed);
        setError(null);
        mut.mutate(parsed.data.seuil_jours, {
          onSuccess: () => onSaved(ALIMENT_ECRAN.seuilEnregistre(parsed.data.seuil_jours)),
          onError: (err) => setError(serverMessage(err, BANDE_MSG.operationFailed)),
        });
      }}
    >
      <div className="field">
        <label htmlFor="f-seuil">Alerte sous (jours d'aliment)</label>
        <div className="input-with-action">
          <input
            id="f-seuil"
            inputMode="numeric"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'f-seuil-err' : undefined}
            onChange={(ev) => {
              setText(ev.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-small" disabled={mut.isPending}>
            {mut.isPending ? 'Chargement…' : 'Enregistrer le seuil'}
          </button>
        </div>
        {error && (
          <p className="field-error" id="f-seuil-err">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}
