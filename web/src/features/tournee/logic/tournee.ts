// The daily round's rules (decision 0240), apart from the screen so the web tests read
// them directly: what a batch's day typed in the round becomes (the parts of one outbox entry:
// loss, egg collection, feed from the store, daily sheet, only those typed), what is refused before
// it is queued (the same checks as each entry typed alone: the shared schemas, the departures and
// eggs rules of shared/formulas/ruptures.ts) and what asks « Êtes-vous sûr ? » first
// (shared/plausibility.ts), and the batch's values of the day before, shown beside each field.
import { avecSortie, lotDuDetail, refusCollecte, refusSortie, sujetsVivantsLe } from '@shared/formulas';
import { addDays } from '@shared/dates';
import { formatNombre } from '@shared/format';
import { eauMaxLitres } from '@shared/formulas/fiches';
import { FICHE_MSG } from '@shared/messages/aliment';
import { BANDE_MSG } from '@shared/messages/bandes';
import { TOURNEE_MSG } from '@shared/messages/tournee';
import { doutePerte, doutePonte } from '@shared/plausibility';
import { consommationSchema, ficheSchema, type FicheJour } from '@shared/schemas/aliment';
import { perteSchema, type BandeDetail, type Collecte } from '@shared/schemas/bandes';
import { lireTexte } from '@shared/nombres';
import type { OutboxPart } from '../../../lib/offline/outbox';
import { unwrap, z } from '@shared/schemas/common';

/** Feed units offered in the coop: kg or sacks (tonnes are for purchases). */
export const UNITES_TOURNEE = ['kg', 'sac25', 'sac50'] as const;
export type UniteTournee = (typeof UNITES_TOURNEE)[number];

/** What the farmer typed for one batch, as text (a number field's text is read by shared/nombres.ts). */
export interface Saisie {
  morts: string;
  s: string;
  m: string;
  l: string;
  xl: string;
  aliment: string;
  unite: UniteTournee;
  eau: string;
  temp_min: string;
  temp_max: string;
  humidite: string;
  note: string;
}

export const SAISIE_VIDE: Saisie = {
  morts: '',
  s: '',
  m: '',
  l: '',
  xl: '',
  aliment: '',
  unite: 'kg',
  eau: '',
  temp_min: '',
  temp_max: '',
  humidite: '',
  note: '',
};

/** The fields a message can point to. */
export type Champ = keyof Saisie | 'oeufs' | 'date' | 'general';

/** undefined: left empty; NaN: not a number (refused naming the field); else the number. */
function nombre(text: string): number | undefined {
  const lu = lireTexte(text);
  return lu.kind === 'vide' ? undefined : lu.kind === 'nombre' ? lu.value : Number.NaN;
}

/** Eggs by size typed, and their total. */
export function oeufsTapes(v: Saisie): { s: number; m: number; l: number; xl: number; total: number } {
  const n = (t: string) => {
    const x = nombre(t);
    return x !== undefined && Number.isFinite(x) ? x : 0;
  };
  const o = { s: n(v.s), m: n(v.m), l: n(v.l), xl: n(v.xl) };
  return { ...o, total: o.s + o.m + o.l + o.xl };
}

/** « 4 plateaux + 12 œufs » (a tray holds 30 eggs). */
export function plateaux(oeufs: number): string {
  const p = Math.floor(oeufs / 30);
  const r = oeufs % 30;
  const pl = `${formatNombre(p)} plateau${p > 1 ? 'x' : ''}`;
  return r ? `${pl} + ${formatNombre(r)} œuf${r > 1 ? 's' : ''}` : pl;
}

export interface Controle {
  /** The first refusal, with the field it is about: nothing is queued. */
  refus: { champ: Champ; message: string } | null;
  /** Figures merely unusual: asked about before queuing. */
  doutes: string[];
  /** The writes, in the order they are sent (loss first: the eggs check reads the birds it leaves). */
  parts: OutboxPart[];
}

const refuse = (champ: Champ, message: string): Controle => ({ refus: { champ, message }, doutes: [], parts: [] });

/** The first message of a zod refusal, and the field it names. */
function premier(issues: readonly { path: PropertyKey[]; message: string }[], champs: Record<string, Champ>): { champ: Champ; message: string } {
  const i = issues[0];
  return { champ: champs[String(i.path[0])] ?? 'note', message: i.message };
}

/**
 * Reads a batch's day as typed: each figure refused or doubted exactly as the entry typed alone
 * (loss: perteSchema, the birds alive that day and after; eggs: more than the hens alive refused,
 * a laying rate above the best strains' asked about; feed: consommationSchema; sheet: ficheSchema,
 * min above max, bounds). `today` is the business's day.
 */
export function controler(b: BandeDetail, collectes: readonly Collecte[], day: string, v: Saisie, today: string): Controle {
  if (day > today) return refuse('date', BANDE_MSG.dateFuture);
  if (day < b.date_demarage.slice(0, 10)) return refuse('date', BANDE_MSG.dateBeforeStart(b.date_demarage.slice(0, 10)));
  const parts: OutboxPart[] = [];
  const doutes: string[] = [];
  let lot = lotDuDetail(b, collectes);

  const morts = nombre(v.morts);
  // 0 deaths is the answer « none today »: nothing to write.
  if (morts !== undefined && morts !== 0) {
    const p = z.pick(unwrap(perteSchema), { nombre: true }).safeParse({ nombre: morts });
    if (!p.success) return refuse('morts', p.error.issues[0].message);
    const refus = refusSortie(lot, { kind: 'perte', quantite: morts, day }, today);
    if (refus) return refuse('morts', refus);
    const d = doutePerte(morts, Math.max(0, sujetsVivantsLe(b, day)));
    if (d) doutes.push(d);
    parts.push({ id: 'perte', nom: TOURNEE_MSG.partie.perte, url: 'api/bande/perte', body: { nombre: morts, id_bande: b.id, date: day } });
    lot = avecSortie(lot, { kind: 'perte', quantite: morts, day });
  }

  if (b.type === 'pondeuse') {
    for (const k of ['s', 'm', 'l', 'xl'] as const) {
      const x = nombre(v[k]);
      if (x !== undefined && !(Number.isInteger(x) && x >= 0)) return refuse(k, TOURNEE_MSG.calibreEntier(k.toUpperCase()));
    }
    const o = oeufsTapes(v);
    if (o.total > 0) {
      // More eggs than hens is the server's refusal (the day's other collections and this round's deaths counted).
      const refus = refusCollecte(lot, o.total, day);
      if (refus) return refuse('oeufs', refus);
      const deja = lot.collectes.filter((c) => c.date_collecte.slice(0, 10) === day).reduce((s, c) => s + c.collecte, 0);
      const d = doutePonte(o.total + deja, Math.max(0, sujetsVivantsLe(lot, day)));
      if (d) doutes.push(d);
      parts.push({
        id: 'collecte',
        nom: TOURNEE_MSG.partie.collecte,
        url: 'api/bande/collect',
        body: { id_bande: b.id, id: -1, collecte: o.total, calibres: JSON.stringify({ s: o.s, m: o.m, l: o.l, xl: o.xl }), date_collecte: day },
      });
    }
  }

  const aliment = nombre(v.aliment);
  if (aliment !== undefined && aliment !== 0) {
    const c = consommationSchema.safeParse({ id_bande: b.id, date: day, quantite: aliment, unite: v.unite });
    if (!c.success) return refuse('aliment', premier(c.error.issues, { quantite: 'aliment', unite: 'unite' }).message);
    parts.push({
      id: 'consommation',
      nom: TOURNEE_MSG.partie.consommation,
      url: 'api/aliment/consommation',
      body: { id_bande: b.id, date: day, quantite: aliment, unite: v.unite },
    });
  }

  const fiche = { eau_litres: nombre(v.eau), temp_min: nombre(v.temp_min), temp_max: nombre(v.temp_max), humidite: nombre(v.humidite) };
  const note = v.note.trim();
  if (Object.values(fiche).some((x) => x !== undefined) || note) {
    const body = { id_bande: b.id, date: day, ...fiche, ...(note ? { note } : {}) };
    const f = ficheSchema.safeParse(body);
    if (!f.success) {
      const r = premier(f.error.issues, { eau_litres: 'eau', temp_min: 'temp_min', temp_max: 'temp_max', humidite: 'humidite', note: 'note' });
      return refuse(r.champ, r.message);
    }
    // The server's bound on water (shared/formulas/fiches.ts, its source in docs/aliment.md), on the
    // birds alive that day after the round's loss, which is sent before the sheet.
    if (fiche.eau_litres !== undefined && fiche.eau_litres > 0) {
      const vivants = Math.max(0, sujetsVivantsLe(lot, day));
      if (!vivants) return refuse('eau', FICHE_MSG.eauSansSujets);
      const max = eauMaxLitres(vivants);
      if (fiche.eau_litres > max) return refuse('eau', FICHE_MSG.eauTropGrande(max, vivants));
    }
    // Only the fields typed travel (an absent one is not a 0).
    const sent = Object.fromEntries(Object.entries(body).filter(([, x]) => x !== undefined));
    parts.push({ id: 'fiche', nom: TOURNEE_MSG.partie.fiche, url: 'api/bande/fiche', body: sent });
  }

  if (!parts.length) return refuse('general', TOURNEE_MSG.rienSaisi);
  return { refus: null, doutes, parts };
}

/** The batch's values of the day before `day`, for the hints beside the fields (absent: nothing recorded). */
export interface Veille {
  date: string;
  morts?: number;
  oeufs?: { total: number; s: number; m: number; l: number; xl: number };
  aliment_kg?: number;
  eau_litres?: number;
  temp_min?: number;
  temp_max?: number;
  humidite?: number;
  note?: string;
}

export function veille(b: BandeDetail, collectes: readonly Collecte[], fiches: readonly FicheJour[], day: string): Veille {
  const hier = addDays(day, -1);
  const out: Veille = { date: hier };
  const pertes = b.pertes.filter((p) => p.date.slice(0, 10) === hier && (p as { etat?: string }).etat !== 'DELETED');
  if (pertes.length) out.morts = pertes.reduce((s, p) => s + p.nombre, 0);
  const col = collectes.filter((c) => c.date_collecte.slice(0, 10) === hier && (c as { etat?: string }).etat !== 'DELETED');
  if (col.length) {
    const o = { total: 0, s: 0, m: 0, l: 0, xl: 0 };
    for (const c of col) {
      o.total += c.collecte;
      let cal: Record<string, number> = {};
      try {
        cal = JSON.parse(c.calibres) as Record<string, number>;
      } catch {
        // A collection without readable sizes still counts in the total.
      }
      for (const k of ['s', 'm', 'l', 'xl'] as const) o[k] += Number(cal[k]) || 0;
    }
    out.oeufs = o;
  }
  const conso = (b.aliment?.consommations ?? []).filter((c) => c.date === hier && c.etat !== 'DELETED');
  if (conso.length) out.aliment_kg = Math.round(conso.reduce((s, c) => s + c.kg, 0) * 1000) / 1000;
  else {
    const f = fiches.find((x) => x.date === hier);
    if (f?.aliment_kg !== undefined) out.aliment_kg = f.aliment_kg;
  }
  const f = fiches.find((x) => x.date === hier);
  if (f) {
    if (f.eau_litres != null) out.eau_litres = f.eau_litres;
    if (f.temp_min != null) out.temp_min = f.temp_min;
    if (f.temp_max != null) out.temp_max = f.temp_max;
    if (f.humidite != null) out.humidite = f.humidite;
    if (f.note) out.note = f.note;
  }
  return out;
}

/** What the day itself already holds (written earlier, by a round or an entry), in words; empty when nothing. */
export function dejaDuJour(b: BandeDetail, collectes: readonly Collecte[], fiches: readonly FicheJour[], day: string): string[] {
  // The day's own figures are the « day before » of the day after.
  const j = veille(b, collectes, fiches, addDays(day, 1));
  const out: string[] = [];
  if (j.morts) out.push(TOURNEE_MSG.resume.morts(j.morts));
  if (j.oeufs) out.push(TOURNEE_MSG.resume.oeufs(j.oeufs.total));
  if (j.aliment_kg) out.push(TOURNEE_MSG.resume.aliment(j.aliment_kg, 'kg'));
  if (j.eau_litres !== undefined || j.temp_min !== undefined || j.temp_max !== undefined || j.humidite !== undefined || j.note)
    out.push(TOURNEE_MSG.resume.fiche);
  return out;
}

/** The entry's label in the lists: « Tournée du 28/11/2026 : 2 morts, 120 œufs, 50 kg d'aliment, fiche ». */
export function labelTournee(day: string, parts: readonly OutboxPart[], formatDate: (d: string) => string): string {
  const bits = parts.map((p) => {
    const b = p.body as Record<string, unknown>;
    if (p.id === 'perte') return TOURNEE_MSG.resume.morts(Number(b.nombre));
    if (p.id === 'collecte') return TOURNEE_MSG.resume.oeufs(Number(b.collecte));
    if (p.id === 'consommation') return TOURNEE_MSG.resume.aliment(Number(b.quantite), String(b.unite));
    return TOURNEE_MSG.resume.fiche;
  });
  return `${TOURNEE_MSG.titre(formatDate(day))} : ${bits.join(', ')}`;
}
