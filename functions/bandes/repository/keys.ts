// Every key of the batches domain (docs/data-model.md):
//   batch collection  PK ENT#<t>#BANDE#<id>   SK BANDE | DEP#<id> | VTE#<id> | PRT#<id> | PES#<id> | COL#<id> | ABT#<id>
//                     (ABT#: the batch's copy of a slaughter record's quantity and day)
//                     (FIC#<day>: its daily sheets, ./fiches.ts; CON#: its store consumptions, functions/aliment)
//                     (CAS#<id>: eggs broken or lost; TRF#<id>: eggs sent to a shop product, ./oeufs.ts)
//   batches by start  GSI1PK ENT#<t>#BANDES   GSI1SK <yyyy-mm-dd>#<id>   (on the BANDE item only)
//   entry → batch     PK ENT#<t>              SK BANDEREF#<kind>#<id>    (the GET deletions carry only the entry id)
//                                                (kind CAS / TRF too: a breakage's, a move's)
//   bird quota        PK ENT#<t>              SK BANDES#SUJETS_ACTIFS    n = birds in active batches
//   entries by day    GSI2PK ENT#<t>#JOUR     GSI2SK <yyyy-mm-dd>#<kind>#<id>   (every entry item: period dashboard)
//   batches by end    GSI2PK ENT#<t>#BANDES_FIN GSI2SK <closing day or 9999-12-31>#<id> (BANDE items: batches active in a period)
//   breed standards   PK ENT#<t>              SK RACE#<code>
import { tenantPk } from '../../lib/repo/keys';

export const pad = (id: number) => String(id).padStart(10, '0');

export type EntryKind = 'DEP' | 'VTE' | 'PRT' | 'PES' | 'COL';

export const KINDS: readonly EntryKind[] = ['DEP', 'VTE', 'PRT', 'PES', 'COL'];

/** The egg stock's own movements: no money, no birds, so not in the period dashboard's day index. */
export type OeufsKind = 'CAS' | 'TRF';

/** GSI2 sort-key day of a batch that is not closed: after every real day. */
const OPEN_END = '9999-12-31';

export const k = {
  bandePk: (t: number, id: number) => `${tenantPk(t)}#BANDE#${id}`,
  bande: (t: number, id: number) => ({ PK: k.bandePk(t, id), SK: 'BANDE' }),
  entry: (t: number, bandeId: number, kind: EntryKind, id: number) => ({ PK: k.bandePk(t, bandeId), SK: `${kind}#${pad(id)}` }),
  abatage: (t: number, bandeId: number, id: number) => ({ PK: k.bandePk(t, bandeId), SK: `ABT#${pad(id)}` }),
  byStartPk: (t: number) => `${tenantPk(t)}#BANDES`,
  byStartSk: (date: string, id: number) => `${date.slice(0, 10)}#${pad(id)}`,
  ref: (t: number, kind: EntryKind, id: number) => ({ PK: tenantPk(t), SK: `BANDEREF#${kind}#${pad(id)}` }),
  quota: (t: number) => ({ PK: tenantPk(t), SK: 'BANDES#SUJETS_ACTIFS' }),
  byDayPk: (t: number) => `${tenantPk(t)}#JOUR`,
  byEndPk: (t: number) => `${tenantPk(t)}#BANDES_FIN`,
  byEndSk: (closedDay: string | null, id: number) => `${closedDay ? closedDay.slice(0, 10) : OPEN_END}#${pad(id)}`,
  race: (t: number, code: string) => ({ PK: tenantPk(t), SK: `RACE#${code}` }),
  /** The egg stock's own movements: breakage (CAS) and moves to a shop product (TRF), in the batch's collection. */
  oeufs: (t: number, bandeId: number, kind: OeufsKind, id: number) => ({ PK: k.bandePk(t, bandeId), SK: `${kind}#${pad(id)}` }),
  oeufsRef: (t: number, kind: OeufsKind, id: number) => ({ PK: tenantPk(t), SK: `BANDEREF#${kind}#${pad(id)}` }),
  racePrefix: 'RACE#',
};

/**
 * The day an entry counts on: weighings and collections carry their own date; expenses, sales and
 * losses their `date`, or — recorded before entries were dated — the day they were created.
 */
export function entryDay(kind: EntryKind, entry: Record<string, unknown>): string {
  const raw = kind === 'PES' ? entry.date_prise : kind === 'COL' ? entry.date_collecte : entry.date;
  return String(raw ?? entry.created_at ?? '').slice(0, 10);
}

/** GSI2 attributes of an entry (written with every Put of an entry; the migration backfills older ones). */
export function entryDayIndex(t: number, kind: EntryKind, entry: Record<string, unknown> & { id: number }) {
  return { GSI2PK: k.byDayPk(t), GSI2SK: `${entryDay(kind, entry)}#${kind}#${pad(entry.id)}` };
}

/** GSI2 attributes of a BANDE item: its closing day, or the open end while active. */
export function bandeEndIndex(t: number, id: number, closedAt: string | null) {
  return { GSI2PK: k.byEndPk(t), GSI2SK: k.byEndSk(closedAt, id) };
}

/** The bird-quota item: the operator's console reads it as the business's usage. */
export const quotaKey = k.quota;
/** GSI1 partition of a business's batches (one BANDE item per batch), for a migration that walks them. */
export const bandesIndexPk = k.byStartPk;
