// Payment dialog (spec part 2 §2, §4, §5, §9): number of months (≥ 1), the total (months × the
// plan's monthly price, computed here for display only: the server prices it again), the country
// (Sénégal or Côte d'Ivoire), the services offered there chosen by logo, the phone number checked
// for that country, and the Orange Money Sénégal one-time code with the hint to dial #144#391#.
// Results: SUCCESS → 'Paiement réussi'; PENDING → 'Paiement initialisé veuillez valider' (Wave:
// on to its payment page); 400 → 'Echec de votre paiement, veuillez réessayer'.
import { useState, type FormEvent } from 'react';
import { PAIEMENT_MSG } from '@shared/messages/paiements';
import {
  DEFAULT_OTP,
  MAX_MOIS,
  OM_OTP_USSD,
  PAYMENT_COUNTRIES,
  SERVICES,
  PHONE_HINT,
  nationalMobile,
  needsOtp,
  paymentTotal,
  type PaymentCountry,
  type PaymentService,
} from '@shared/paiements';
import { extendPeriod } from '@shared/period';
import { planFor, type Plan } from '@shared/plans';
import { initPaiementSchema, type InitPaiementResponse } from '@shared/schemas/paiements';
import { formatDate, formatFcfa } from '../../../lib/format';
import { usePhoneCountry } from '../../../lib/api/entreprise';
import { serverMessage } from '../../../lib/http';
import { FormDialog } from '../../../lib/ui/FormDialog';
import { NumberField, nombreTape } from '../../../lib/ui/NumberField';
import type { Abonnement } from '../api/get-paiements';
import { useInitPaiement } from '../api/init-paiement';
import { ServiceLogo } from './ServiceLogo';

interface Props {
  plan: Plan;
  /** The subscription as it stands (api/paiement), for the end date the payment leads to. */
  current?: Abonnement | null;
  onClose: () => void;
  /** SUCCESS, or PENDING without a page to go to (Orange Money still confirming). */
  onDone: (result: InitPaiementResponse) => void;
  /** Wave: the payer validates on Wave's page. */
  onRedirect: (link: string) => void;
}

type Errors = Partial<Record<'nb_mois' | 'service_pay' | 'numero' | 'otp', string>>;

export function PaiementDialog({ plan, current = null, onClose, onDone, onRedirect }: Props) {
  const init = useInitPaiement();
  const [mois, setMois] = useState('1');
  // The business's own country is the likely one: a Côte d'Ivoire business starts on it,
  // until the payer chooses.
  const home = usePhoneCountry();
  const [chosen, setPays] = useState<PaymentCountry | null>(null);
  const pays: PaymentCountry = chosen ?? home ?? 'sn';
  const [service, setService] = useState<PaymentService | null>(null);
  const [numero, setNumero] = useState('');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  // Empty reads 0 (refused by the schema), junk NaN: the app's one reading of a typed number.
  const nb = nombreTape.setValueAs(mois) ?? 0;
  const validMonths = Number.isInteger(nb) && nb >= 1 && nb <= MAX_MOIS;
  const country = PAYMENT_COUNTRIES[pays];
  const withOtp = service !== null && needsOtp(pays, service);

  const changeCountry = (p: PaymentCountry) => {
    setPays(p);
    // A service the new country does not offer is unselected (Orange Money is Sénégal only).
    if (service && !PAYMENT_COUNTRIES[p].services.includes(service)) setService(null);
    setErrors({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      code_plan: plan.code,
      nb_mois: nb,
      service_pay: service ?? undefined,
      // Spec §5: a default code is sent when none is typed (it is not used by Wave).
      info_pay: { numero, otp: withOtp ? otp : DEFAULT_OTP },
      pays,
      currency: 'XOF' as const,
    };
    const parsed = initPaiementSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        const field =
          key === 'info_pay.numero' ? 'numero' : key === 'info_pay.otp' ? 'otp' : key === 'service_pay' ? 'service_pay' : key === 'nb_mois' ? 'nb_mois' : null;
        if (field && !next[field]) next[field] = field === 'service_pay' ? PAIEMENT_MSG.serviceRequis : issue.message;
      }
      // The schema checks the number only once the rest is valid: say everything at once.
      if (!next.numero && !nationalMobile(pays, numero)) next.numero = numero.trim() ? PHONE_HINT[pays] : 'Numéro de téléphone requis';
      setErrors(next);
      return;
    }
    setErrors({});
    init.mutate(parsed.data, {
      onSuccess: (r) => {
        if (r.status === 'PENDING' && r.payment_link) {
          setLeaving(true);
          onRedirect(r.payment_link);
          return;
        }
        onDone(r);
      },
      // The provider's refusal in the server's words (a wrong Orange Money code says so).
      onError: (err) => setError(serverMessage(err, PAIEMENT_MSG.failed)),
    });
  };

  return (
    <FormDialog
      title={`Paiement : ${plan.nom}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      pending={init.isPending || leaving}
      cancel
      submitLabel={validMonths ? `Payer ${formatFcfa(paymentTotal(plan, nb))}` : 'Payer'}
    >
      {leaving && (
        <div className="alert alert-info" role="status">
          {PAIEMENT_MSG.pending}
        </div>
      )}
      <div className="form-grid">
        <NumberField
          id="pay-mois"
          label="Nombre de mois"
          value={mois}
          onChange={(e) => {
            setMois(e.target.value);
            setErrors((x) => ({ ...x, nb_mois: undefined }));
          }}
          error={errors.nb_mois}
        />
        <div className="field">
          <label htmlFor="pay-pays">Pays</label>
          <select id="pay-pays" value={pays} onChange={(e) => changeCountry(e.target.value as PaymentCountry)}>
            {(Object.keys(PAYMENT_COUNTRIES) as PaymentCountry[]).map((c) => (
              <option key={c} value={c}>
                {PAYMENT_COUNTRIES[c].nom}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="pay-total" data-testid="pay-total">
        <span>
          Total ({validMonths ? nb : '–'} × {formatFcfa(plan.mensualite)})
        </span>
        <strong>{validMonths ? formatFcfa(paymentTotal(plan, nb)) : '–'}</strong>
      </div>
      {validMonths && <EndDateNote plan={plan} nbMois={nb} current={current} />}
      <fieldset className="services" aria-describedby={errors.service_pay ? 'pay-service-err' : undefined}>
        <legend>Service de paiement</legend>
        {country.services.map((s) => (
          <label key={s} className="service-tile">
            <input
              type="radio"
              name="service_pay"
              value={s}
              checked={service === s}
              onChange={() => {
                setService(s);
                setErrors((x) => ({ ...x, service_pay: undefined }));
              }}
            />
            <ServiceLogo service={s} />
            {SERVICES[s].nom}
          </label>
        ))}
        {errors.service_pay && (
          <p className="field-error" id="pay-service-err" style={{ flexBasis: '100%' }}>
            {errors.service_pay}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor="pay-numero">Numéro de téléphone {service ? SERVICES[service].nom : 'mobile money'}</label>
        <div className="phone-input">
          <span className="dial">{country.indicatif}</span>
          <input
            id="pay-numero"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={country.exemple}
            value={numero}
            onChange={(e) => {
              setNumero(e.target.value);
              setErrors((x) => ({ ...x, numero: undefined }));
            }}
            aria-invalid={errors.numero ? true : undefined}
          />
        </div>
        {errors.numero && <p className="field-error">{errors.numero}</p>}
      </div>
      {withOtp && (
        <div className="field">
          <label htmlFor="pay-otp">Code de paiement Orange Money</label>
          <input
            id="pay-otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={otp}
            onChange={(e) => {
              setOtp(e.target.value.trim());
              setErrors((x) => ({ ...x, otp: undefined }));
            }}
            aria-invalid={errors.otp ? true : undefined}
            aria-describedby="pay-otp-hint"
          />
          <p className="hint" id="pay-otp-hint">
            Composez <strong>{OM_OTP_USSD}</strong> sur votre téléphone Orange pour recevoir ce code.
          </p>
          {errors.otp && <p className="field-error">{errors.otp}</p>}
        </div>
      )}
    </FormDialog>
  );
}

/**
 * What the payment does to the end date, stated before paying, by the rule the server
 * applies on activation (shared/period.ts `extendPeriod`, from this moment; the server counts from
 * the moment the provider confirms, so a payment confirmed later may end a little later still).
 * Another plan applies at once and converts the days left at the two monthly prices: a dearer plan
 * can end EARLIER than today's end date, and the sentence then says so.
 */
export function EndDateNote({ plan, nbMois, current, now = new Date() }: { plan: Plan; nbMois: number; current: Abonnement | null; now?: Date }) {
  const sub = current ? { plan: current.code_plan, validUntil: current.valid_until } : null;
  const { fin } = extendPeriod(sub, plan, nbMois, now);
  const apres = formatDate(fin.toISOString());
  const valid = !!current && new Date(current.valid_until).getTime() > now.getTime();
  let text: string;
  if (!current || !valid) {
    text = `Après paiement, votre abonnement ${plan.nom} ira jusqu'au ${apres}.`;
  } else {
    const actuel = formatDate(current.valid_until);
    const nom = current.essai ? 'essai gratuit' : current.plan;
    if (planFor(current.code_plan).code === plan.code) {
      text = `Votre abonnement actuel (${nom}) court jusqu'au ${actuel} ; après paiement il ira jusqu'au ${apres}.`;
    } else {
      text =
        `Votre abonnement actuel (${nom}) court jusqu'au ${actuel} ; après paiement, le plan ${plan.nom} s'applique tout de suite ` +
        `et ira jusqu'au ${apres} : les jours qui vous restent sont convertis au prix du nouveau plan.`;
      if (fin.getTime() < new Date(current.valid_until).getTime()) text += ` Votre date de fin sera donc plus proche qu'elle ne l'est aujourd'hui.`;
    }
  }
  return (
    <p className="hint pay-end-date" data-testid="pay-fin">
      {text}
    </p>
  );
}
