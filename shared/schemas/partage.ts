// Documents shared by a signed link (api/partage*). A link opens one document,
// read-only, without an account, until it expires (30 days by default) or is revoked.
import { z, idParam, jour, refId } from './common';
import { PARTAGE_SCHEMA_MSG } from '../messages/partage';

export const TYPES_PARTAGE = ['recu_vente', 'facture_commande', 'recu_versement', 'rapport_bande', 'releve_client'] as const;
export type TypePartage = (typeof TYPES_PARTAGE)[number];

/** The right a share of each document needs (the right of the screen it comes from). */
export const DROIT_PARTAGE = {
  recu_vente: 'ventav',
  facture_commande: 'commav',
  recu_versement: 'remav',
  rapport_bande: 'bandav',
  releve_client: 'clav',
} as const satisfies Record<TypePartage, string>;

/** Days a link lives unless the request asks for fewer or more (1–90). */
export const PARTAGE_JOURS_DEFAUT = 30;
export const PARTAGE_JOURS_MAX = 90;

const typePartage = z.lazy(() => z.enum(TYPES_PARTAGE, { error: PARTAGE_SCHEMA_MSG.typeDocumentInvalide }));

/**
 * POST api/partage. `id`: the sale's id_transaction, the order's, the repayment's, the batch's or
 * the client's id. A statement also takes its period (`debut` ≤ `fin`, not in the future).
 * `relance: true` (a statement only) records that a reminder was sent.
 */
export const partageSchema = z.lazy(() =>
  z
    .object({
      type: typePartage,
      id: refId(PARTAGE_SCHEMA_MSG.document, PARTAGE_SCHEMA_MSG.documentRequis),
      debut: z.optional(jour),
      fin: z.optional(jour),
      jours: z.optional(
        z
          .number({ error: PARTAGE_SCHEMA_MSG.dureeInvalide })
          .check(
            z.int({ error: PARTAGE_SCHEMA_MSG.dureeInvalide }),
            z.gte(1, { error: PARTAGE_SCHEMA_MSG.dureeInvalide }),
            z.lte(PARTAGE_JOURS_MAX, { error: PARTAGE_SCHEMA_MSG.lienVitJoursPlus(PARTAGE_JOURS_MAX) }),
          ),
      ),
      relance: z.optional(z.boolean({ error: PARTAGE_SCHEMA_MSG.relanceInvalide })),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.type === 'releve_client') {
          if (!v.debut || !v.fin) ctx.addIssue({ code: 'custom', message: PARTAGE_SCHEMA_MSG.periodeReleveRequise, path: ['debut'] });
          else if (v.debut > v.fin) ctx.addIssue({ code: 'custom', message: PARTAGE_SCHEMA_MSG.dateDebutPrecederDate, path: ['fin'] });
        } else if (v.relance) ctx.addIssue({ code: 'custom', message: PARTAGE_SCHEMA_MSG.seulReleveCompteRelance, path: ['relance'] });
      }),
    ),
);
export type PartageInput = z.input<typeof partageSchema>;

/** POST api/partage/revoquer: the link (as shared) or its id. */
export const revoquerSchema = z.lazy(() =>
  z
    .object({
      url: z.optional(z.string({ error: PARTAGE_SCHEMA_MSG.lienInvalide }).check(z.maxLength(600, { error: PARTAGE_SCHEMA_MSG.lienInvalide }))),
      id: z.optional(z.string({ error: PARTAGE_SCHEMA_MSG.lienInvalide }).check(z.regex(/^[A-Za-z0-9_-]{8,40}$/, { error: PARTAGE_SCHEMA_MSG.lienInvalide }))),
    })
    .check(z.refine((v) => !!v.url !== !!v.id, { error: PARTAGE_SCHEMA_MSG.donnezLienSonIdentifiant })),
);

/** GET api/partage?type=&id=: the live links of one document (to copy or revoke them). */
export const partageListeQuery = z.lazy(() => z.object({ type: typePartage, id: idParam }));

export interface Partage {
  /** The link's id (not secret: it opens nothing without the signature). */
  id: string;
  type: TypePartage;
  id_document: number;
  debut?: string;
  fin?: string;
  /** The public address, signed: https://<host>/p/<token>. */
  url: string;
  cree_le: string;
  /** ISO date-time. */
  expire_le: string;
  /** Set once revoked; the link answers 410 from then on. */
  revoque_le?: string | null;
  cree_par: { id: number; nom: string };
}

/** POST api/partage answers the link, when it expires and the WhatsApp address that shares it. */
export interface PartageResult extends Partage {
  /** https://wa.me/<digits>?text=… (or https://wa.me/?text=… when the client has no number). */
  whatsapp: string;
  /** The message, as sent (shown before WhatsApp opens). */
  message: string;
}
