// A laying batch's egg collection, counted by size.
import { z, isoDate, quantite, saisiLe } from '../common';
import { idBande, newOrId, positiveInt } from './fields';
import { BANDES_COLLECTE_SCHEMA_MSG } from '../../messages/bandes';

export const EGG_SIZES = ['s', 'm', 'l', 'xl'] as const;

export interface Calibres {
  s: number;
  m: number;
  l: number;
  xl: number;
}

const calibreCount = z.lazy(() => quantite(BANDES_COLLECTE_SCHEMA_MSG.calibre, { min: 0 }));
const calibresObject = z.lazy(() => z.object({ s: calibreCount, m: calibreCount, l: calibreCount, xl: calibreCount }));

/** Sizes travel as JSON text (spec part 1 §3); each count is a whole number ≥ 0. */
export function parseCalibres(text: string): Calibres | null {
  try {
    const r = calibresObject.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export const collecteSchema = z.lazy(() =>
  z
    .object({
      id_bande: idBande,
      id: z._default(z.optional(newOrId(BANDES_COLLECTE_SCHEMA_MSG.identifiantCollecte)), -1),
      collecte: positiveInt(BANDES_COLLECTE_SCHEMA_MSG.collecte),
      calibres: z.string({ error: BANDES_COLLECTE_SCHEMA_MSG.calibresRequis }).check(z.maxLength(500)),
      date_collecte: z.union([
        z.nullable(z.optional(isoDate)),
        z.pipe(
          z.literal(''),
          z.transform(() => undefined),
        ),
      ]),
      saisi_le: saisiLe,
    })
    .check(
      z.superRefine((v, ctx) => {
        const c = parseCalibres(v.calibres);
        if (!c) {
          ctx.addIssue({ code: 'custom', path: ['calibres'], message: 'Calibres invalides : texte JSON {s, m, l, xl} attendu' });
          return;
        }
        if (c.s + c.m + c.l + c.xl !== v.collecte) {
          ctx.addIssue({ code: 'custom', path: ['calibres'], message: BANDES_COLLECTE_SCHEMA_MSG.sommeCalibresEgaleTotal });
        }
      }),
    ),
);
