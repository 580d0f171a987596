// The fields the entry dialogs repeat: a count of birds or eggs, a list to choose from, the entry's
// day, and a unit price with its quantity and line total.
import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form';
import { lineTotal } from '@shared/formulas';
import type { DayBounds } from '../../../../lib/day-bounds';
import { formatFcfa } from '../../../../lib/format';
import { Field } from '../../../../lib/ui/Field';
import { NumberField } from '../../../../lib/ui/NumberField';
import { asNumber } from './use-entry';

type Registered = UseFormRegisterReturn & { label: string; error?: string };

/** A whole number typed on a phone's digit pad, read the same in any language (lib/ui/NumberField). */
export function CountField(input: Registered) {
  return <NumberField {...input} />;
}

/** The entry's day: the browser's picker stays between the batch's start and today. */
export function DayField({ bounds, ...input }: Registered & { bounds: DayBounds }) {
  return <Field type="date" min={bounds.min} max={bounds.max} required {...input} />;
}

/** A labelled list; its error (if any) shows below it. */
export function SelectField({ id, label, error, children, ...select }: Registered & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

type PriceQuantity = { prix_unitaire: number; quantite: number };

/**
 * Unit price and quantity, with the line total shown only when both exceed 0 (spec §5): the same
 * for an expense and a sale, rounded like the server (shared lineTotal).
 */
export function PriceQuantityFields<T extends FieldValues & PriceQuantity>({
  register,
  control,
  errors,
  totalTestId,
  wholeQuantity,
  labels = { prix: 'Prix unitaire (FCFA)', quantite: 'Quantité' },
}: {
  register: UseFormRegister<T>;
  control: Control<T, any, any>;
  errors: FieldErrors<PriceQuantity>;
  totalTestId: string;
  wholeQuantity?: boolean;
  /** The price's and the quantity's labels, when they name a unit (a sale: « Prix par plateau (FCFA) »). */
  labels?: { prix: string; quantite: string };
}) {
  const pu_ = 'prix_unitaire' as Path<T>;
  const qte_ = 'quantite' as Path<T>;
  const [puValue, qteValue] = useWatch({ control, name: [pu_, qte_] });
  const pu = Number(puValue);
  const qte = Number(qteValue);
  return (
    <>
      <div className="form-grid">
        <CountField label={labels.prix} {...register(pu_, asNumber)} error={errors.prix_unitaire?.message} />
        <NumberField label={labels.quantite} decimal={!wholeQuantity} {...register(qte_, asNumber)} error={errors.quantite?.message} />
      </div>
      {pu > 0 && qte > 0 && (
        <p className="total-line" data-testid={totalTestId}>
          Total : <strong>{formatFcfa(lineTotal(pu, qte))}</strong>
        </p>
      )}
    </>
  );
}
