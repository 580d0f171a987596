// Shop requests and responses (spec part 2 §3, §7: api/boutique*).
import { z, optionalEmail, optionalPhone, optionalText, refId, requiredText, unwrap } from './common';
import { BOUTIQUES_SCHEMA_MSG } from '../messages/ecommerce';

export const BOUTIQUE_INDICATIF = '+221';

/** POST api/boutique. */
export const boutiqueSchema = z.lazy(() =>
  z.object({
    nom: requiredText(BOUTIQUES_SCHEMA_MSG.nom, 120),
    adresse: z.nullable(optionalText(300)),
    indicatif: z.nullable(z.optional(z.string().check(z.trim(), z.regex(/^(\+\d{1,4})?$/, { error: BOUTIQUES_SCHEMA_MSG.indicatifInvalide })))),
    telephone: optionalPhone,
    email: optionalEmail,
  }),
);
export type BoutiqueInput = z.input<typeof boutiqueSchema>;

/** POST api/boutique/update. */
export const updateBoutiqueSchema = z.lazy(() => z.extend(unwrap(boutiqueSchema), { id_boutique: refId(BOUTIQUES_SCHEMA_MSG.boutique) }));

export type BoutiqueEtat = 'ACTIVE';

export interface Boutique {
  id: number;
  nom: string;
  adresse: string | null;
  /** Default +221. */
  indicatif: string;
  telephone: string | null;
  email: string | null;
  etat: BoutiqueEtat;
  created_at: string;
}
/** POST api/boutique and api/boutique/update → Boutique; GET api/boutique → Boutique[] (by id). */
export type BoutiqueResponse = Boutique;
export type BoutiqueListResponse = Boutique[];
