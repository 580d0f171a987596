// The fields every exit of eggs types: a quantity in eggs or trays of 30, and a size or
// none (then the eggs leave smallest size first). The send to the shop and the breakage share them.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CALIBRES, NOMS_CALIBRES } from '@shared/formulas/oeufs';
import { OEUFS_ECRAN } from '@shared/messages/oeufs-ecran';
import { UNITES_OEUFS } from '@shared/schemas/oeufs';
import { NumberField } from '../ui/NumberField';

export function QuantiteOeufsFields({
  prefix,
  unite,
  quantite,
  uniteField,
  calibre,
  erreur,
}: {
  /** The fields' ids: `f-<prefix>-unite`, `f-<prefix>-calibre`. */
  prefix: string;
  /** The unit chosen: trays take a decimal (a half tray is 15 eggs). */
  unite: string | undefined;
  quantite: UseFormRegisterReturn;
  uniteField: UseFormRegisterReturn;
  calibre: UseFormRegisterReturn;
  erreur?: string;
}) {
  return (
    <>
      <div className="form-grid">
        <NumberField label="Quantité" decimal={unite === 'plateau'} {...quantite} error={erreur} />
        <div className="field">
          <label htmlFor={`f-${prefix}-unite`}>Unité</label>
          <select id={`f-${prefix}-unite`} {...uniteField}>
            {UNITES_OEUFS.map((u) => (
              <option key={u.code} value={u.code}>
                {u.nom}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`f-${prefix}-calibre`}>Calibre</label>
        <select id={`f-${prefix}-calibre`} {...calibre}>
          <option value="">{OEUFS_ECRAN.sansCalibre}</option>
          {CALIBRES.map((c) => (
            <option key={c} value={c}>
              {NOMS_CALIBRES[c]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** An empty size select is « no size » (null), as the request schemas read it. */
export const calibreOuNull = { setValueAs: (v: unknown) => (v === '' || v == null ? null : v) };
