// Documents shared by a signed link (api/partage*). A link opens one document,
// read-only, without an account, until it expires (30 days by default) or is revoked.
import { z, idParam, jour, refId } from './common';

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

const typePartage = z.enum(TYPES_PARTAGE, { error: 'Type de document invalide' });

/**
 * POST api/partage. `id`: the sale's id_transaction, the order's, the repayment's, the batch's or
 * the client's id. A statement also takes its period (`debut` ≤ `fin`, not in the future).
 * `relance: true` (a statement only) records that a reminder was sent.
 */
export const partageSchema = z.lazy(() =>
  z
    .object({
      type: typePartage,
      id: refId('Document', 'Document requis'),
      debut: jour.optional(),
      fin: jour.optional(),
      jours: z
        .number({ error: 'Durée invalide' })
        .int({ error: 'Durée invalide' })
        .min(1, { error: 'Durée invalide' })
        .max(PARTAGE_JOURS_MAX, { error: `Un lien vit ${PARTAGE_JOURS_MAX} jours au plus` })
        .optional(),
      relance: z.boolean({ error: 'Relance invalide' }).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.type === 'releve_client') {
        if (!v.debut || !v.fin) ctx.addIssue({ code: 'custom', message: 'Période du relevé requise', path: ['debut'] });
        else if (v.debut > v.fin) ctx.addIssue({ code: 'custom', message: 'La date de début doit précéder la date de fin', path: ['fin'] });
      } else if (v.relance) ctx.addIssue({ code: 'custom', message: 'Seul un relevé de compte est une relance', path: ['relance'] });
    }),
);
export type PartageInput = z.input<typeof partageSchema>;

/** POST api/partage/revoquer: the link (as shared) or its id. */
export const revoquerSchema = z.lazy(() =>
  z
    .object({
      url: z.string({ error: 'Lien invalide' }).max(600, { error: 'Lien invalide' }).optional(),
      id: z
        .string({ error: 'Lien invalide' })
        .regex(/^[A-Za-z0-9_-]{8,40}$/, { error: 'Lien invalide' })
        .optional(),
    })
    .refine((v) => !!v.url !== !!v.id, { error: 'Donnez le lien ou son identifiant' }),
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
