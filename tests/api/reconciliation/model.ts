// The reconciliation harness's reference model: what one business holds after a
// sequence of writes, and every figure the product must show for it, computed here with plain
// integer arithmetic from the contract's rules (docs/decisions.md "Figures a
// farmer can trust"). It imports NOTHING from the product (no shared/formulas/, no pricing
// function, no schema): a figure that agrees with the product does so because both follow the
// rule, not because both run the same code.
// One exception, decided by the lead (decision 0252): the egg stock's day-by-day replay
// (shared/formulas/oeufs.ts `rejouerOeufs`, `premierManqueAjoute`) IS the rule, shared by the
// server's checks, the screens and this model; the model builds the movements it replays from its
// own entries, and checks what it can by hand beside it (per-size sums, the stock when no day ran
// short, where the eggs went: `oeufsParMain`).
//
// Money is integer FCFA; an expense quantity is kept in thousandths (qm) so its line total is
// rounded exactly once, half up; rates and per-bird costs are kept as integer hundredths.
import { premierManqueAjoute, rejouerOeufs, type Calibre, type ManqueOeufs, type MouvementOeufs, type StockOeufsRejoue } from '@shared/formulas/oeufs';

export type Day = string; // YYYY-MM-DD (Africa/Dakar = Africa/Abidjan = UTC)
export type BandeType = 'chair' | 'pondeuse';

const DAY_MS = 86_400_000;
export const todayUtc = (now = Date.now()): Day => new Date(now).toISOString().slice(0, 10);
export const addDays = (day: Day, n: number): Day => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (a: Day, b: Day): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
/** dd/mm/yyyy, as the contract's messages write a day. */
export const frDay = (d: Day): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Round half up of a / b, for integers a ≥ 0 and b > 0 (exact: no floating point). */
export const rhu = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));
/** An unrounded FCFA value to the franc, half up, after taking it to the millionth (float noise cannot move a true half). */
export const arrondiFcfa = (x: number): number => Math.sign(x) * Math.round(Math.round(Math.abs(x) * 1e6) / 1e6) || 0;
/** Round half away from zero of a / b (signed a, b > 0). */
export const rhaz = (a: number, b: number): number => (a < 0 ? -rhu(-a, b) : rhu(a, b));

/** The plan of a new business (trial of Démarrage): birds in active batches. */
export const MAX_SUJETS = 1000;
/** Batch start bound (contract "Dates and time zone"): today − 1 096 days. */
export const MAX_START_BACK = 1096;
/** Average-weight hard maxima, g (contract item 3). */
export const MAX_POIDS_G: Record<BandeType, number> = { chair: 6000, pondeuse: 3500 };

// ── the business's state ──

export interface MBande {
  id: number;
  nom: string;
  type: BandeType;
  nb_sujet: number;
  start: Day;
  statut: 'ACTIVE' | 'CLOTUREE';
  closedDay: Day | null;
  /** Archived (api/bande/archiver): out of the lists, takes no entry, never counts in production figures (decision 0215). */
  archived: boolean;
}
export interface MDepense {
  id: number;
  bande: number;
  id_type: number;
  designation: string;
  prix: number;
  /** Quantity in thousandths (kg of feed may be decimal). */
  qm: number;
  total: number;
  day: Day;
  deleted: boolean;
  /** Written by a treatment's or a step's cost: it moves with its source, never on its own. */
  traitement?: number;
  etape?: number;
}
/**
 * A dated step of a batch's health calendar. The model does not compute the calendar
 * a plan gives (the plans' own tests do): it learns the pending steps from the product's answer
 * after a plan is applied, and from then on decides and checks what is done, skipped, taken back
 * and what the costs make of the batch's expenses.
 */
export interface MEtape {
  id: number;
  bande: number;
  etat: 'fait' | 'saute' | null;
  date: Day | null;
  cout: number | null;
  depense: number | null;
}
/**
 * A treatment (decision 0227): its withdrawal windows run from `debut` to its last day
 * (`fin` + the label's days, both ends included; null: 0 days, no window for that food).
 */
export interface MTraitement {
  id: number;
  bande: number;
  debut: Day;
  fin: Day;
  viande: Day | null;
  oeufs: Day | null;
  cout: number | null;
  depense: number | null;
  deleted: boolean;
}
/** A batch sale: typed on the batch (shopLine null) or written by a shop sale naming the batch. */
export interface MVenteB {
  id: number | null;
  bande: number;
  prix: number;
  /** In `unite`. */
  qty: number;
  /**
   * What a layer batch's sale sells (decision 0217): eggs, trays of 30 eggs, or hens at the end of
   * lay (réforme); null when sent without one (a layer batch's eggs; a broiler batch's birds).
   */
  unite: 'oeuf' | 'plateau' | 'sujet' | null;
  total: number;
  day: Day;
  deleted: boolean;
  shopLine: number | null;
  /** The size a layer batch's egg sale names; absent or null: smallest size first. */
  calibre?: Calibre | null;
}
export interface MPerte {
  id: number;
  bande: number;
  nombre: number;
  day: Day;
  deleted: boolean;
}
export interface MPesage {
  id: number;
  bande: number;
  poids: number;
  unite: 'g' | 'kg';
  echantillon: number;
  day: Day;
  deleted: boolean;
}
export interface Calibres {
  s: number;
  m: number;
  l: number;
  xl: number;
}
export interface MCollecte {
  id: number;
  bande: number;
  collecte: number;
  calibres: Calibres;
  day: Day;
  deleted: boolean;
}
export interface MAbattage {
  id: number;
  bande: number;
  quantite: number;
  day: Day;
  /** Its weight categories naming a shop product: the birds became that product's stock, through a restock line. */
  categories?: { produit: number | null; quantite: number }[];
  /** Cancelled: the record is kept, its birds are back in the batch, its products' stock taken back. */
  deleted?: boolean;
}
/** Eggs broken or lost: out of the layer batch's egg stock on their day. */
export interface MCasse {
  id: number;
  bande: number;
  oeufs: number;
  calibre: Calibre | null;
  day: Day;
  motif: string;
  deleted: boolean;
}
/** Eggs sent from a layer batch to a shop product: out of the egg stock, `unites` into the product's. */
export interface MTransfert {
  id: number;
  bande: number;
  produit: number;
  oeufs: number;
  unites: number;
  calibre: Calibre | null;
  day: Day;
  deleted: boolean;
}
export interface MProduit {
  id: number;
  nom: string;
  prix_vente: number;
  prix_cession: number;
  stock: number;
  /** Eggs one unit holds: set, the product is an egg product a flock's eggs can be sent to. */
  oeufs_par_unite?: number | null;
}
export interface MReappro {
  /** null for a product's first stock (its id is not in the product's answer). */
  id: number | null;
  produit: number;
  quantite: number;
  etat: 'VALID' | 'CANCELED' | 'AJUSTEMENT';
  /** A restock of the farm's own production, written and taken back with its source only. */
  source?: { type: 'oeufs' | 'abattage'; id: number; bande: number; day: Day };
}
export interface MClient {
  id: number;
  nom: string;
}
export type Source = 'BOUTIQUE' | 'COMMANDE' | 'ECOMMERCE';
export type TypeVente = 'DIRECT' | 'DON' | 'EMPRUNT';
/** One line of the sales ledger: a shop sale line, a delivered order's line, a paid/delivered online order. */
export interface MLigne {
  id: number | null;
  source: Source;
  /** The order (COMMANDE: customer order id, ECOMMERCE: online order id). */
  ref: number | null;
  produit: number;
  qty: number;
  unit: number;
  total: number;
  type: TypeVente | null;
  deleted: boolean;
  /** The day it was cancelled (a cancelled credit line takes from the debt that day). */
  deletedDay?: Day;
  client: number | null;
  bande: number | null;
  day: Day;
}
export interface MCommandeLigne {
  produit: number;
  qty: number;
  unit: number;
  total: number;
}
export interface MCommande {
  id: number;
  numero: string;
  client: number;
  lines: MCommandeLigne[];
  accompte: number;
  date_livraison: Day;
  delivered: boolean;
  deliveredDay: Day | null;
  /** Order of delivery (repayments pay the oldest delivery first). */
  deliverySeq: number;
  /** Paid by repayments (montant_regle). */
  regle: number;
}
export interface MVersement {
  id: number;
  client: number;
  montant: number;
  /** The day it counts on (its typed day offline) and, cancelled, the day of the cancel. */
  day: Day;
  canceledDay?: Day;
  canceled: boolean;
  affectations: { commande: number; montant: number }[];
}
export interface MProduitEcom {
  id: number;
  produit: number;
  prix: number;
}
export interface MCommandeEcom {
  id: number;
  numero: string;
  ecom: number;
  produit: number;
  qty: number;
  unit: number;
  total: number;
  paid: boolean;
  delivered: boolean;
  canceled: boolean;
}
/** A write sent with an Idempotency-Key, kept for replays. */
/** A feed purchase: its grams (whole) and its price enter the store on its day. */
export interface MAchat {
  id: number;
  day: Day;
  quantite: number;
  unite: 'kg' | 'sac25' | 'sac50' | 't';
  g: number;
  prix: number;
  deleted: boolean;
}
/** What a batch ate from the store on a day, in whole grams. */
export interface MConso {
  id: number;
  bande: number;
  day: Day;
  quantite: number;
  unite: 'kg' | 'sac25' | 'sac50' | 't';
  g: number;
  deleted: boolean;
}
/** A batch's sheet of a day: water (litres) and temperatures; what is not sent is not kept. */
export interface MFiche {
  bande: number;
  day: Day;
  eau: number | null;
  tmin: number | null;
  tmax: number | null;
}
/** Plausible water a bird alive drinks at most a day, litres (docs/aliment.md « La fiche journalière »). */
export const EAU_MAX_PAR_SUJET = 1;

/** Grams per unit of feed (the expenses' units). */
export const G_PAR_UNITE = { kg: 1000, sac25: 25_000, sac50: 50_000, t: 1_000_000 } as const;

export interface SentWrite {
  key: string;
  method: 'POST' | 'GET';
  path: string;
  /** Exact body text (a replay must send the same bytes). */
  raw: string | undefined;
  status: number;
  body: unknown;
  label: string;
  /** A buyer's order on the public storefront: sent again without a token, as the buyer would. */
  public?: true;
}

export interface Model {
  /** Today (UTC) when the current step started. */
  today: Day;
  bandes: Map<number, MBande>;
  depenses: Map<number, MDepense>;
  ventesB: MVenteB[];
  pertes: Map<number, MPerte>;
  pesages: Map<number, MPesage>;
  collectes: Map<number, MCollecte>;
  abattages: Map<number, MAbattage>;
  produits: Map<number, MProduit>;
  reappros: MReappro[];
  clients: Map<number, MClient>;
  lignes: MLigne[];
  commandes: Map<number, MCommande>;
  versements: Map<number, MVersement>;
  produitsEcom: Map<number, MProduitEcom>;
  commandesEcom: Map<number, MCommandeEcom>;
  traitements: Map<number, MTraitement>;
  etapes: Map<number, MEtape>;
  /** Batches given a plan whose new pending steps are learned at the next reading. */
  etapesALire: number[];
  /** The farm's feed store: purchases and what each batch ate. */
  achats: Map<number, MAchat>;
  consos: Map<number, MConso>;
  /** Each batch's daily sheets, by `<batch>:<day>`: saving a day again replaces it. */
  fiches: Map<string, MFiche>;
  /** A layer batch's broken eggs and its eggs sent to the shop. */
  casses: Map<number, MCasse>;
  transferts: Map<number, MTransfert>;
  sent: SentWrite[];
  /** Names and order of delivery. */
  seq: number;
}

export function emptyModel(today: Day): Model {
  return {
    today,
    bandes: new Map(),
    depenses: new Map(),
    ventesB: [],
    pertes: new Map(),
    pesages: new Map(),
    collectes: new Map(),
    abattages: new Map(),
    produits: new Map(),
    reappros: [],
    clients: new Map(),
    lignes: [],
    commandes: new Map(),
    versements: new Map(),
    produitsEcom: new Map(),
    commandesEcom: new Map(),
    traitements: new Map(),
    etapes: new Map(),
    etapesALire: [],
    achats: new Map(),
    consos: new Map(),
    fiches: new Map(),
    casses: new Map(),
    transferts: new Map(),
    sent: [],
    seq: 0,
  };
}

export const cloneModel = (m: Model): Model => structuredClone(m);

const live = <T extends { deleted: boolean }>(xs: Iterable<T>): T[] => [...xs].filter((x) => !x.deleted);
const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);

// ── birds ──

export const pertesOf = (m: Model, b: number) => live(m.pertes.values()).filter((p) => p.bande === b);
export const ventesOf = (m: Model, b: number) => m.ventesB.filter((v) => v.bande === b && !v.deleted);
/** A batch's slaughters still standing (a cancelled one gave its birds back). */
export const abattagesOf = (m: Model, b: number) => [...m.abattages.values()].filter((a) => a.bande === b && !a.deleted);

/** Eggs in a tray. */
export const OEUFS_PLATEAU = 30;
/** Birds a sale takes out of its batch: a broiler sale's quantity, a layer batch's réforme hens. */
export const sujetsDe = (b: MBande, v: MVenteB): number => (b.type === 'chair' || v.unite === 'sujet' ? v.qty : 0);
/** Eggs a layer batch's sale sells: its quantity, 30 per tray, none for réforme hens (2-decimal quantities: exact in hundredths). */
export const oeufsDe = (b: MBande, v: MVenteB): number =>
  b.type === 'chair' || v.unite === 'sujet' ? 0 : v.unite === 'plateau' ? Math.round(v.qty * 100 * OEUFS_PLATEAU) / 100 : v.qty;

/** Birds that left a batch: dead, slaughtered, and sold as birds (broilers, a layer batch's réforme hens). */
export function sortis(m: Model, b: MBande, until?: Day): number {
  const by = (d: Day) => until === undefined || d <= until;
  const morts = sum(
    pertesOf(m, b.id)
      .filter((p) => by(p.day))
      .map((p) => p.nombre),
  );
  const abattus = sum(
    abattagesOf(m, b.id)
      .filter((a) => by(a.day))
      .map((a) => a.quantite),
  );
  const vendus = sum(
    ventesOf(m, b.id)
      .filter((v) => by(v.day))
      .map((v) => sujetsDe(b, v)),
  );
  return morts + abattus + vendus;
}

/** Birds alive now: placed − dead − slaughtered − birds sold (broilers, réforme hens; contract item 3). */
export const vivants = (m: Model, b: MBande): number => b.nb_sujet - sortis(m, b);
/** Birds alive on a day: the exits dated on or before it. */
export const vivantsLe = (m: Model, b: MBande, day: Day): number => b.nb_sujet - sortis(m, b, day);

/**
 * The per-day physical limits of a batch as the model holds it: eggs of a day ≤ hens alive that day,
 * a weighing's sample ≤ birds alive on its day. Returns the first day that breaks one, or null.
 */
export function brokenDay(m: Model, b: MBande): Day | null {
  const eggs = new Map<Day, number>();
  for (const c of live(m.collectes.values())) if (c.bande === b.id) eggs.set(c.day, (eggs.get(c.day) ?? 0) + c.collecte);
  const bad: Day[] = [];
  for (const [day, n] of eggs) if (n > vivantsLe(m, b, day)) bad.push(day);
  for (const p of live(m.pesages.values())) if (p.bande === b.id && p.echantillon > vivantsLe(m, b, p.day)) bad.push(p.day);
  return bad.sort()[0] ?? null;
}

/** Birds in active batches (the plan's quota). */
// An archived active batch's birds leave the plan's count until it is restored.
export const activeBirds = (m: Model): number => sum([...m.bandes.values()].filter((b) => b.statut === 'ACTIVE' && !b.archived).map((b) => b.nb_sujet));
/** Entries a batch holds, every kind, cancelled ones included (what forbids deleting it, decision 0215). */
export const entriesOf = (m: Model, b: number): number =>
  [...m.depenses.values()].filter((x) => x.bande === b).length +
  m.ventesB.filter((x) => x.bande === b).length +
  [...m.pertes.values()].filter((x) => x.bande === b).length +
  [...m.pesages.values()].filter((x) => x.bande === b).length +
  [...m.collectes.values()].filter((x) => x.bande === b).length +
  // Slaughters, cancelled ones too (the record is kept).
  [...m.abattages.values()].filter((a) => a.bande === b).length +
  // A layer batch's breakage and moves to the shop, cancelled ones too.
  [...m.casses.values()].filter((x) => x.bande === b).length +
  [...m.transferts.values()].filter((x) => x.bande === b).length +
  // Treatments, cancelled ones too, are health records: a batch holding one is archived, not deleted (decision 0225).
  [...m.traitements.values()].filter((x) => x.bande === b).length +
  [...m.etapes.values()].filter((x) => x.bande === b && x.etat !== null).length +
  // Feed eaten from the store, cancelled ones too, and the daily sheets.
  [...m.consos.values()].filter((x) => x.bande === b).length +
  [...m.fiches.values()].filter((x) => x.bande === b).length;

/** The earliest day an entry or slaughter of the batch is dated (a batch start may not move after it). */
export function earliestEntry(m: Model, b: number, includeCancelled = false): Day | null {
  const keep = <T extends { deleted: boolean; bande: number }>(xs: Iterable<T>) => [...xs].filter((x) => x.bande === b && (includeCancelled || !x.deleted));
  const days = [
    ...keep(m.depenses.values()).map((x) => x.day),
    ...keep(m.ventesB).map((x) => x.day),
    ...keep(m.pertes.values()).map((x) => x.day),
    ...keep(m.pesages.values()).map((x) => x.day),
    ...keep(m.collectes.values()).map((x) => x.day),
    ...[...m.abattages.values()].filter((a) => a.bande === b && (includeCancelled || !a.deleted)).map((a) => a.day),
    // Breakage and moves of eggs.
    ...keep(m.casses.values()).map((x) => x.day),
    ...keep(m.transferts.values()).map((x) => x.day),
    // Health steps done (decision 0225): a step taken back is pending again, with no day.
    ...[...m.etapes.values()].filter((e) => e.bande === b && e.etat === 'fait' && e.date).map((e) => e.date!),
    // Treatments (decision 0227): a cancelled one no longer holds the start.
    ...[...m.traitements.values()].filter((t) => t.bande === b && (includeCancelled || !t.deleted)).map((t) => t.debut),
    // Feed consumptions: a cancelled one no longer holds the start.
    ...keep(m.consos.values()).map((x) => x.day),
    // Daily sheets: a sheet's day is a record of the batch.
    ...[...m.fiches.values()].filter((x) => x.bande === b).map((x) => x.day),
  ].sort();
  return days[0] ?? null;
}

// ── the farm's feed store (docs/aliment.md « Le stock d'aliment ») ──
// Written again here from the rule, in plain arithmetic: the days in date order; on a day its
// purchases come in (stock and value), the value per kg of what is then available is the price of
// everything eaten that day, and the stock keeps the share of the value its grams keep; a stock at 0
// is worth 0. Values stay unrounded (a fraction of a franc), rounded once where shown.

export interface MJourStock {
  day: Day;
  in_g: number;
  out_g: number;
  /** Grams available that day (before what was eaten). */
  avail_g: number;
  stock_g: number;
  /** FCFA, unrounded. */
  valeur: number;
  /** FCFA per kg of the day, unrounded. */
  cout: number;
}

/** The store replayed from these movements (a write checked: with it; a cancel: without it). */
export function journalStock(achats: Iterable<MAchat>, consos: Iterable<MConso>): MJourStock[] {
  const days = new Map<Day, { in_g: number; paid: number; out_g: number }>();
  const at = (d: Day) => days.get(d) ?? days.set(d, { in_g: 0, paid: 0, out_g: 0 }).get(d)!;
  for (const a of achats) if (!a.deleted) Object.assign(at(a.day), { in_g: at(a.day).in_g + a.g, paid: at(a.day).paid + a.prix });
  for (const c of consos) if (!c.deleted) at(c.day).out_g += c.g;
  const out: MJourStock[] = [];
  let stock = 0;
  let valeur = 0;
  let cout = 0;
  for (const day of [...days.keys()].sort()) {
    const x = days.get(day)!;
    if (!x.in_g && !x.paid && !x.out_g) continue;
    const avail = stock + x.in_g;
    const valAvail = valeur + x.paid;
    if (avail > 0) cout = (valAvail * 1000) / avail;
    stock = avail - x.out_g;
    valeur = stock > 0 && avail > 0 ? (valAvail * stock) / avail : 0;
    out.push({ day, in_g: x.in_g, out_g: x.out_g, avail_g: avail, stock_g: stock, valeur, cout });
  }
  return out;
}

/** The first day the store would end below zero (null: none). */
export const premierJourEnManque = (j: MJourStock[]): MJourStock | null => j.find((x) => x.stock_g < 0) ?? null;

export const storeOf = (m: Model) => journalStock(m.achats.values(), m.consos.values());

/** A batch's feed from the store: grams, and its cost unrounded (Σ grams of a day × the day's cost). */
export function alimentDe(m: Model, b: number, jours = storeOf(m)): { g: number; cout: number } {
  const cout = new Map(jours.map((j) => [j.day, j.cout]));
  let g = 0;
  let c = 0;
  for (const x of live(m.consos.values())) {
    if (x.bande !== b) continue;
    g += x.g;
    c += (x.g * (cout.get(x.day) ?? 0)) / 1000;
  }
  return { g, cout: c };
}

/** kg as the messages write them: grouped thousands, a decimal comma, no trailing zero. */
export function frKg(g: number): string {
  const neg = g < 0;
  const a = Math.abs(g);
  const int = String(Math.floor(a / 1000)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const frac = String(a % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `,${frac}` : ''}`;
}

// ── withdrawal periods (decision 0227) ──

/**
 * The last day of the withdrawal of `food` that covers `day` on batch `b` (the latest of
 * overlapping ones), or null: a sale or slaughter of that food dated `day` is allowed.
 */
export function attenteLe(m: Model, b: number, day: Day, food: 'viande' | 'oeufs'): Day | null {
  let fin: Day | null = null;
  for (const t of live(m.traitements.values())) {
    const end = food === 'viande' ? t.viande : t.oeufs;
    if (t.bande !== b || end === null || day < t.debut || day > end) continue;
    if (fin === null || end > fin) fin = end;
  }
  return fin;
}

/** Eggs a layer batch collected inside an egg withdrawal: not sellable. */
export const oeufsNonCommercialisables = (m: Model, b: number): number =>
  sum(
    live(m.collectes.values())
      .filter((c) => c.bande === b && attenteLe(m, b, c.day, 'oeufs') !== null)
      .map((c) => c.collecte),
  );

// ── a layer batch's egg stock (decision 0243) ──
// The movements are the model's own entries: sellable collections by size (one inside an egg
// withdrawal is held apart), a batch's egg sales (a tray is 30 eggs; a shop sale naming the batch
// is eggs, no size), breakage and moves; cancelled ones out. The day-by-day rule is the shared replay.

const CALIBRES_M = ['s', 'm', 'l', 'xl'] as const;

export function mouvementsOeufs(m: Model, b: number): MouvementOeufs[] {
  const bande = m.bandes.get(b);
  if (!bande || bande.type !== 'pondeuse') return [];
  const out: MouvementOeufs[] = [];
  for (const c of live(m.collectes.values()))
    if (c.bande === b)
      out.push({ kind: 'collecte', id: c.id, day: c.day, calibres: { ...c.calibres }, non_commercialisable: attenteLe(m, b, c.day, 'oeufs') !== null });
  for (const v of ventesOf(m, b)) {
    const oeufs = oeufsDe(bande, v);
    if (oeufs > 0) out.push({ kind: 'vente', id: v.id ?? -1, day: v.day, oeufs, calibre: v.calibre ?? null });
  }
  for (const x of live(m.casses.values())) if (x.bande === b) out.push({ kind: 'casse', id: x.id, day: x.day, oeufs: x.oeufs, calibre: x.calibre });
  for (const x of live(m.transferts.values())) if (x.bande === b) out.push({ kind: 'transfert', id: x.id, day: x.day, oeufs: x.oeufs, calibre: x.calibre });
  return out;
}

export const stockOeufs = (m: Model, b: number): StockOeufsRejoue => rejouerOeufs(mouvementsOeufs(m, b));

/** The first day a change (the model `apres`) makes batch `b` shorter of eggs than it was in `avant`; null: allowed. */
export const manqueOeufsAjoute = (avant: Model, apres: Model, b: number): ManqueOeufs | null => premierManqueAjoute(stockOeufs(avant, b), stockOeufs(apres, b));

/**
 * Where a layer batch's eggs went, summed by hand from the entries (no replay): collected (held
 * apart or not), sold, broken, sent to each product; and, when no exit names no size and no day ran
 * short, the stock each size must hold (collected of that size − the exits naming it) — the
 * replay's per-size figures checked by plain subtraction.
 */
export function oeufsParMain(m: Model, b: number) {
  const bande = m.bandes.get(b)!;
  const collectes = live(m.collectes.values()).filter((c) => c.bande === b);
  const vendables = collectes.filter((c) => attenteLe(m, b, c.day, 'oeufs') === null);
  const ventes = ventesOf(m, b).filter((v) => oeufsDe(bande, v) > 0);
  const casses = live(m.casses.values()).filter((x) => x.bande === b);
  const transferts = live(m.transferts.values()).filter((x) => x.bande === b);
  const parProduit = new Map<number, { oeufs: number; unites: number }>();
  for (const t of transferts) {
    const p = parProduit.get(t.produit) ?? { oeufs: 0, unites: 0 };
    parProduit.set(t.produit, { oeufs: p.oeufs + t.oeufs, unites: p.unites + t.unites });
  }
  const sorties = [
    ...ventes.map((v) => ({ oeufs: oeufsDe(bande, v), calibre: v.calibre ?? null })),
    ...casses.map((x) => ({ oeufs: x.oeufs, calibre: x.calibre })),
    ...transferts.map((x) => ({ oeufs: x.oeufs, calibre: x.calibre })),
  ];
  const parCalibre = Object.fromEntries(
    CALIBRES_M.map((c) => [c, sum(vendables.map((x) => x.calibres[c])) - sum(sorties.filter((x) => x.calibre === c).map((x) => x.oeufs))]),
  ) as Record<Calibre, number>;
  return {
    collectes: sum(collectes.map((c) => c.collecte)),
    vendables: sum(vendables.map((c) => c.collecte)),
    nonCommercialisables: sum(collectes.map((c) => c.collecte)) - sum(vendables.map((c) => c.collecte)),
    vendus: sum(ventes.map((v) => oeufsDe(bande, v))),
    casses: sum(casses.map((x) => x.oeufs)),
    transferes: sum(transferts.map((x) => x.oeufs)),
    parProduit,
    /** Null when some exit names no size (the smallest-first rule decides then, not a subtraction). */
    parCalibre: sorties.some((x) => x.calibre === null) ? null : parCalibre,
  };
}

// ── money ──

/** An expense line: price × quantity (thousandths), rounded half up once. */
export const depenseTotal = (prix: number, qm: number): number => rhu(prix * qm, 1000);

/** Unit price after a shop discount (contract item 6), or the refusal's reason. */
export function prixRemise(
  prix: number,
  type: 'MONTANT' | 'POURCENTAGE',
  valeur: number,
): { ok: true; unit: number } | { ok: false; reason: 'montant' | 'pourcentage' | 'entier' } {
  if (!(valeur > 0)) return { ok: true, unit: prix };
  if (type === 'MONTANT') {
    if (!Number.isInteger(valeur)) return { ok: false, reason: 'entier' };
    if (valeur >= prix) return { ok: false, reason: 'montant' };
    return { ok: true, unit: prix - valeur };
  }
  if (valeur >= 100) return { ok: false, reason: 'pourcentage' };
  // valeur has at most 2 decimals: work in hundredths of a percent.
  const p100 = Math.round(valeur * 100);
  return { ok: true, unit: rhu(prix * (10_000 - p100), 10_000) };
}

export const commandeTotal = (c: MCommande): number => sum(c.lines.map((l) => l.total));
/** What is still owed on a delivered order. */
export const commandeReste = (c: MCommande): number => (c.delivered ? Math.max(0, commandeTotal(c) - c.accompte - c.regle) : 0);
export const etatPaiement = (c: MCommande): 'PAYED' | 'PENDING' => (c.accompte + c.regle >= commandeTotal(c) ? 'PAYED' : 'PENDING');

/** Debt invariant (contract item 5): valid credit sales + delivered orders' balances − valid repayments. */
export function creance(m: Model, client: number): number {
  const emprunts = sum(m.lignes.filter((l) => l.source === 'BOUTIQUE' && l.type === 'EMPRUNT' && !l.deleted && l.client === client).map((l) => l.total));
  const commandes = sum([...m.commandes.values()].filter((c) => c.client === client && c.delivered).map((c) => commandeTotal(c) - c.accompte));
  const versements = sum([...m.versements.values()].filter((v) => v.client === client && !v.canceled).map((v) => v.montant));
  return emprunts + commandes - versements;
}

// ── a client's account: the debt on any day, the oldest unpaid sale ──

/** What a client's debt was at the end of `day`: each movement counted from its own day (the sale's, the cancel's, the delivery's, the repayment's). */
export function creanceAu(m: Model, client: number, day: Day): number {
  let s = 0;
  for (const l of m.lignes) {
    if (l.source !== 'BOUTIQUE' || l.type !== 'EMPRUNT' || l.client !== client) continue;
    if (l.day <= day) s += l.total;
    if (l.deleted && (l.deletedDay ?? l.day) <= day) s -= l.total;
  }
  for (const c of m.commandes.values()) if (c.client === client && c.delivered && c.deliveredDay! <= day) s += commandeTotal(c) - c.accompte;
  for (const v of m.versements.values()) {
    if (v.client !== client) continue;
    if (v.day <= day) s -= v.montant;
    if (v.canceled && (v.canceledDay ?? v.day) <= day) s += v.montant;
  }
  return s;
}

/**
 * The day of the oldest credit sale (or delivered balance) not yet paid: the repayments that stand
 * pay the debts that stand oldest day first, so it is the first day whose debts, added up to it,
 * pass what was repaid. Null when nothing is owed.
 */
export function plusAncienneDette(m: Model, client: number): Day | null {
  const parJour = new Map<Day, number>();
  const add = (d: Day, x: number) => parJour.set(d, (parJour.get(d) ?? 0) + x);
  for (const l of m.lignes) if (l.source === 'BOUTIQUE' && l.type === 'EMPRUNT' && l.client === client && !l.deleted) add(l.day, l.total);
  for (const c of m.commandes.values())
    if (c.client === client && c.delivered && commandeTotal(c) > c.accompte) add(c.deliveredDay!, commandeTotal(c) - c.accompte);
  const paye = sum([...m.versements.values()].filter((v) => v.client === client && !v.canceled).map((v) => v.montant));
  let cumul = 0;
  for (const d of [...parJour.keys()].sort()) {
    cumul += parJour.get(d)!;
    if (cumul > paye) return d;
  }
  return null;
}

/** Takings (contract item 5): DIRECT and EMPRUNT shop lines, delivered orders, paid-or-delivered online orders. */
export const isTakings = (l: MLigne): boolean => !l.deleted && l.type !== 'DON';
export const takings = (lines: readonly MLigne[]): number => sum(lines.filter(isTakings).map((l) => l.total));
export const lignesBetween = (m: Model, debut: Day, fin: Day): MLigne[] => m.lignes.filter((l) => l.day >= debut && l.day <= fin);

export function etatEcom(c: MCommandeEcom): 'CANCELED' | 'FINISHED' | 'PAYED' | 'DELIVERED' | 'PENDING' {
  if (c.canceled) return 'CANCELED';
  if (c.paid && c.delivered) return 'FINISHED';
  if (c.paid) return 'PAYED';
  if (c.delivered) return 'DELIVERED';
  return 'PENDING';
}

// ── figures the product shows ──

export interface BatchFigures {
  /** Its costs: the typed expenses and the feed it ate from the store. */
  depenses: number;
  /** The typed expenses alone (the BANDE item's running total). */
  saisies: number;
  /** Feed eaten from the store: grams, cost unrounded and rounded once. */
  alimentG: number;
  alimentCout: number;
  coutAliment: number;
  chiffreAffaire: number;
  pertes: number;
  /** Birds sold: a broiler batch's sales, a layer batch's réforme hens (« Sujets vendus »). */
  vendus: number;
  /** A layer batch's eggs sold, trays as 30 eggs (« Œufs vendus »); 0 for broilers. */
  oeufsVendus: number;
  abattus: number;
  vivants: number;
  benefice: number;
  /** hundredths of a percent */
  tauxMortalite: number;
  /** hundredths of a FCFA per bird */
  coutProduction: number;
  /** hundredths of a percent, null without expenses */
  tauxRentabilite: number | null;
  /** expense type → [total, share in hundredths of a percent] */
  parType: Map<number, [number, number]>;
  oeufs: number;
  /** Mean hen-day laying rate over the collection days, hundredths of a percent; null without collections. */
  ponte: number | null;
  /** Eggs collected in the current month. */
  oeufsDuMois: number;
}

/**
 * A batch's feed conversion ratio as its detail and its card give it (docs/aliment.md « One truth
 * for costs »): the kg of feed it ate — its « Aliment » expenses' kg and the store's, each once, to
 * 10 g — over the live weight of the birds that lived to the last weighing (placed − dead, at that
 * weighing's average weight), 3 decimals. null where the product says what is missing instead: no
 * feed, an « Aliment » expense without a unit (the harness types none), no weighing, no bird left.
 * undefined: two weighings of different weights on the last day (which is « last » is the
 * product's order of the day), not checked.
 */
export function indiceDe(m: Model, b: MBande): number | null | undefined {
  if (live(m.depenses.values()).some((d) => d.bande === b.id && d.id_type === 1)) return null;
  const g = alimentDe(m, b.id).g;
  if (!(g > 0)) return null;
  const ps = live(m.pesages.values()).filter((p) => p.bande === b.id);
  if (!ps.length) return null;
  const lastDay = ps
    .map((p) => p.day)
    .sort()
    .at(-1)!;
  const grams = (p: MPesage) => (p.unite === 'kg' ? p.poids * 1000 : p.poids);
  const weights = new Set(ps.filter((p) => p.day === lastDay).map(grams));
  if (weights.size > 1) return undefined;
  const survivors = b.nb_sujet - sum(pertesOf(m, b.id).map((p) => p.nombre));
  const liveKg = (survivors * [...weights][0]!) / 1000;
  if (!(liveKg > 0)) return null;
  return Math.round(((Math.round(g / 10) / 100) * 1000) / liveKg) / 1000;
}

export function batchFigures(m: Model, b: MBande): BatchFigures {
  const deps = live(m.depenses.values()).filter((d) => d.bande === b.id);
  const ventes = ventesOf(m, b.id);
  const saisies = sum(deps.map((d) => d.total));
  // Its costs: the expenses typed on it and what it ate from the store, rounded once (decision 0233).
  const aliment = alimentDe(m, b.id);
  const coutAliment = arrondiFcfa(aliment.cout);
  const depenses = saisies + coutAliment;
  const chiffreAffaire = sum(ventes.map((v) => v.total));
  const pertes = sum(pertesOf(m, b.id).map((p) => p.nombre));
  const n = b.nb_sujet;
  const parType = new Map<number, [number, number]>();
  for (const d of deps) parType.set(d.id_type, [(parType.get(d.id_type)?.[0] ?? 0) + d.total, 0]);
  for (const [t, [total]] of parType) parType.set(t, [total, saisies > 0 ? rhu(total * 10_000, saisies) : 0]);
  const collectes = live(m.collectes.values()).filter((c) => c.bande === b.id);
  const eggsByDay = new Map<Day, number>();
  for (const c of collectes) eggsByDay.set(c.day, (eggsByDay.get(c.day) ?? 0) + c.collecte);
  const rates = [...eggsByDay].map(([day, eggs]) => {
    const alive = vivantsLe(m, b, day);
    return alive > 0 ? rhu(eggs * 10_000, alive) : 0;
  });
  const month = m.today.slice(0, 7);
  return {
    depenses,
    saisies,
    alimentG: aliment.g,
    alimentCout: aliment.cout,
    coutAliment,
    chiffreAffaire,
    pertes,
    vendus: sum(ventes.map((v) => sujetsDe(b, v))),
    oeufsVendus: sum(ventes.map((v) => oeufsDe(b, v))),
    abattus: sum(abattagesOf(m, b.id).map((a) => a.quantite)),
    vivants: vivants(m, b),
    benefice: chiffreAffaire - depenses,
    tauxMortalite: n > 0 ? rhu(pertes * 10_000, n) : 0,
    coutProduction: n > 0 ? rhu(depenses * 100, n) : 0,
    tauxRentabilite: depenses > 0 ? rhaz((chiffreAffaire - depenses) * 10_000, depenses) : null,
    parType,
    oeufs: sum(collectes.map((c) => c.collecte)),
    ponte: rates.length ? rhu(sum(rates), rates.length) : null,
    oeufsDuMois: sum(collectes.filter((c) => c.day.startsWith(month)).map((c) => c.collecte)),
  };
}

export interface PeriodFigures {
  bandes: number;
  sujets: number;
  depense: number;
  chiffre_affaire: number;
  nb_vendu: number;
  pertes: number;
  oeufs: number;
  pesages: number;
  /** Takings not naming a batch: shop lines, delivered orders, paid-or-delivered online orders. */
  ventes_boutique: number;
}

/** The period dashboard adds the cost per bird's expenses (archived batches left out) and how many archived batches it left out. */
export interface PeriodDashboardFigures extends PeriodFigures {
  depense_production: number;
  bandes_archivees: number;
}

/**
 * The period dashboard: entries dated in [debut, fin] (each once), batches active at some point of
 * it. An archived batch counts in the money (expenses, sales) but not in the production: batches,
 * birds, losses, eggs, weighings, and the expenses of the cost per bird (decision 0215).
 */
const achatsEntre = (m: Model, inRange: (d: Day) => boolean): number =>
  sum(
    live(m.achats.values())
      .filter((a) => inRange(a.day))
      .map((a) => a.prix),
  );

export function periodFigures(m: Model, debut: Day, fin: Day): PeriodDashboardFigures {
  const inRange = (d: Day) => d >= debut && d <= fin;
  const actives = [...m.bandes.values()].filter((b) => b.start <= fin && (b.closedDay === null || b.closedDay >= debut));
  const bandes = actives.filter((b) => !b.archived);
  const archived = new Set(actives.filter((b) => b.archived).map((b) => b.id));
  const counted = <T extends { bande: number }>(xs: T[]) => xs.filter((x) => !archived.has(x.bande));
  const ventes = m.ventesB.filter((v) => !v.deleted && inRange(v.day));
  return {
    bandes: bandes.length,
    sujets: sum(bandes.map((b) => b.nb_sujet)),
    // Feed purchases are expenses on their dates (the cash view, decision 0233), in the production
    // cost too (they name no batch); what the batches ate is never counted here.
    depense_production:
      sum(
        counted(live(m.depenses.values()))
          .filter((d) => inRange(d.day))
          .map((d) => d.total),
      ) + achatsEntre(m, inRange),
    bandes_archivees: archived.size,
    depense:
      sum(
        live(m.depenses.values())
          .filter((d) => inRange(d.day))
          .map((d) => d.total),
      ) + achatsEntre(m, inRange),
    chiffre_affaire: sum(ventes.map((v) => v.total)),
    nb_vendu: sum(ventes.map((v) => v.qty)),
    pertes: sum(
      counted(live(m.pertes.values()))
        .filter((p) => inRange(p.day))
        .map((p) => p.nombre),
    ),
    oeufs: sum(
      counted(live(m.collectes.values()))
        .filter((c) => inRange(c.day))
        .map((c) => c.collecte),
    ),
    pesages: counted(live(m.pesages.values())).filter((p) => inRange(p.day)).length,
    ventes_boutique: takings(lignesBetween(m, debut, fin).filter((l) => l.bande === null)),
  };
}

/** Figures of the dashboard cards computed from the period's sums (hundredths for rates and costs). */
export function dashboardCards(p: PeriodDashboardFigures) {
  return {
    benefice: p.chiffre_affaire - p.depense,
    tauxMortalite: p.sujets > 0 ? rhu(p.pertes * 10_000, p.sujets) : 0,
    // The birds counted and their batches' expenses: an archived batch's expenses are in neither.
    coutProduction: p.sujets > 0 ? rhu(p.depense_production * 100, p.sujets) : 0,
    tauxRentabilite: p.depense > 0 ? rhaz((p.chiffre_affaire - p.depense) * 10_000, p.depense) : null,
  };
}

export function monthFigures(m: Model, annee: number): (PeriodFigures & { mois: string; benefice: number })[] {
  return Array.from({ length: 12 }, (_, i) => {
    const mois = `${annee}-${String(i + 1).padStart(2, '0')}`;
    const next = i === 11 ? `${annee + 1}-01-01` : `${annee}-${String(i + 2).padStart(2, '0')}-01`;
    const p = periodFigures(m, `${mois}-01`, addDays(next, -1));
    return { ...p, mois, benefice: p.chiffre_affaire - p.depense };
  });
}
