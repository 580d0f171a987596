// The buyer's order form (no account): prénom, nom, téléphone, adresse, quantité. Checked here
// with the same rules as the server (shared/schemas/rules.ts, no zod on this page); the server
// prices the order and answers its number. The quantity is read as typed (shared/nombres.ts) and
// capped at the stock the seller has, with the server's own message.
import { useState, type FormEvent } from 'react';
import { MAX_QUANTITE_VITRINE, stockVitrineMsg } from '@shared/ecommerce';
import { lireNombre } from '@shared/nombres';
import { phoneTextError, textError } from '@shared/schemas/rules';
import { PHONE_COUNTRIES, phoneError } from '@shared/phone';
import type { ProduitVitrine } from '@shared/schemas/ecommerce';
import { formatFcfa } from '@shared/format';
import { keyPerContent } from '@shared/idempotency-key';
import { commander } from './api';

type Fields = { prenom: string; nom: string; telephone: string; adresse: string; quantite: string };

/**
 * The buyer's phone by the product's one rule (shared/phone.ts), read in the seller's country
 * (`pays_tel` of the product; unknown: only how it is written, the server decides); the quantity
 * capped at the seller's stock.
 */
function check(f: Fields, produit: ProduitVitrine): Partial<Record<keyof Fields, string>> {
  const country = produit.pays_tel;
  const e: Partial<Record<keyof Fields, string>> = {};
  const t = (k: 'prenom' | 'nom', label: string) => {
    const err = textError(f[k], label, 80);
    if (err) e[k] = err;
  };
  t('prenom', 'Prénom');
  t('nom', 'Nom');
  const tel = (country === undefined ? phoneTextError(f.telephone) : phoneError(f.telephone, country)) ?? undefined;
  if (tel) e.telephone = tel;
  const adr = textError(f.adresse, 'Adresse', 200);
  if (adr) e.adresse = adr;
  const q = lireNombre(f.quantite, { label: 'La quantité', feminin: true, min: 1, max: MAX_QUANTITE_VITRINE });
  if (!q.ok) e.quantite = q.message;
  else if (q.value > produit.disponible) e.quantite = stockVitrineMsg(produit.disponible, produit.nom_produit);
  return e;
}

export function OrderForm({ produit }: { produit: ProduitVitrine }) {
  const [f, setF] = useState<Fields>({ prenom: '', nom: '', telephone: '', adresse: '', quantite: '1' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ numero: string; total: number; message: string } | null>(null);
  const [keyFor] = useState(keyPerContent);
  const lu = lireNombre(f.quantite, { label: 'La quantité', feminin: true, min: 1 });
  const total = lu.ok ? lu.value * produit.prix_unitaire : 0;

  function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const e = check(f, produit);
    setErrors(e);
    setFailure(null);
    if (Object.values(e).some(Boolean) || !lu.ok) return;
    setPending(true);
    const input = {
      id_entreprise: produit.id_entreprise,
      id_produit: produit.id,
      prenom: f.prenom.trim(),
      nom: f.nom.trim(),
      telephone: f.telephone.trim(),
      adresse: f.adresse.trim(),
      quantite: lu.value,
    };
    commander(input, keyFor(input)).then(
      (r) => {
        setPending(false);
        setDone({ numero: r.numero_commande, total: r.montant_total, message: r.message });
      },
      (err: Error) => {
        setPending(false);
        setFailure(err.message);
      },
    );
  }

  if (done) {
    return (
      <div className="v-done" role="status" data-testid="v-done">
        <p>
          <strong>{done.message}</strong>
        </p>
        <p>
          Commande n° {done.numero} — {formatFcfa(done.total)}
        </p>
      </div>
    );
  }

  const field = (k: keyof Fields, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <div className="v-field">
      <label htmlFor={`v-${k}`}>{label}</label>
      <input
        id={`v-${k}`}
        name={k}
        value={f[k]}
        onChange={(e) => {
          setF({ ...f, [k]: e.target.value });
          if (errors[k]) setErrors({ ...errors, [k]: undefined });
        }}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `v-${k}-err` : undefined}
        {...props}
      />
      {hint && <span className="v-meta">{hint}</span>}
      {errors[k] && (
        <span className="v-field-error" id={`v-${k}-err`}>
          {errors[k]}
        </span>
      )}
    </div>
  );

  return (
    <form className="v-order" onSubmit={onSubmit} noValidate>
      <h2>Commander</h2>
      {failure && (
        <p className="v-error" role="alert">
          {failure}
        </p>
      )}
      <div className="v-order-grid">
        {field('prenom', 'Prénom', { autoComplete: 'given-name' })}
        {field('nom', 'Nom', { autoComplete: 'family-name' })}
        {field('telephone', 'Téléphone', {
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel',
          placeholder: PHONE_COUNTRIES[produit.pays_tel ?? 'sn'].exemple,
        })}
        {field(
          'quantite',
          'Quantité',
          { inputMode: 'numeric', autoComplete: 'off' },
          produit.disponible > 0 ? `${produit.disponible} disponible${produit.disponible > 1 ? 's' : ''}` : 'Rupture de stock',
        )}
      </div>
      {field('adresse', 'Adresse de livraison', { autoComplete: 'street-address' })}
      <p className="v-total">
        Total : <strong>{formatFcfa(total)}</strong> <span className="v-meta">(payé à la livraison)</span>
      </p>
      <button type="submit" className="v-btn v-btn-primary" disabled={pending}>
        {pending ? 'Chargement…' : 'Envoyer la commande'}
      </button>
    </form>
  );
}
