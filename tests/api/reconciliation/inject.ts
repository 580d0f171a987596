// Known wrong figures, to prove the harness catches them (no test that cannot fail).
// Each one changes the MODEL as a product bug would change the product's answer — a stock off by
// one, a loss counted twice, an expense one franc off, an entry counted on the wrong day, an egg too
// many, a sale line rounded the wrong way, a credit sale that no longer owes, a repayment one franc
// off, an order shown undelivered, a layer batch's trays counted as eggs or its réforme hens as
// eggs, a weighing sample off by one, the feed store's kilogram and a purchase's price, a move that
// adds one unit too many to its product, eggs broken counted twice, a move counted as a sale, a
// slaughter that fed its product one bird short — and names the figure whose
// comparison must then report a difference.
//
// Used twice: reconciliation.test.ts runs every one of them against a real business after a fixed
// sequence of writes (each must be reported); and RECON_INJECT=<name> makes a whole random run apply
// one after the first step where it can, which must then fail, shrink and print its replay:
//   RECON_INJECT=stock npx vitest run --project api tests/api/reconciliation.test.ts   # must FAIL
import { addDays, type Model } from './model';

export interface Injection {
  readonly name: string;
  /** What the comparison must report (a part of one difference's text; one of them when several). */
  readonly caughtAs: string | readonly string[];
  applies(m: Model): boolean;
  corrupt(m: Model): void;
}

const first = <T>(xs: Iterable<T>, ok: (x: T) => boolean): T | undefined => [...xs].find(ok);

export const INJECTIONS: readonly Injection[] = [
  {
    // A repayment dated the day before it was typed — the debt of today unchanged, the
    // statement's balance of yesterday wrong (as a journal line dated wrong would make it).
    name: 'releve',
    caughtAs: 'relevé client',
    applies: (m) => !!first(m.versements.values(), (v) => !v.canceled),
    corrupt: (m) => {
      const v = first(m.versements.values(), (x) => !x.canceled)!;
      v.day = addDays(v.day, -1);
    },
  },
  {
    name: 'stock',
    caughtAs: 'produits [stock, prix]',
    applies: (m) => m.produits.size > 0,
    corrupt: (m) => void (first(m.produits.values(), () => true)!.stock += 1),
  },
  {
    name: 'perte',
    caughtAs: 'carte Mortalité',
    applies: (m) => !!first(m.pertes.values(), (p) => !p.deleted),
    corrupt: (m) => void (first(m.pertes.values(), (p) => !p.deleted)!.nombre += 1),
  },
  {
    name: 'depense',
    caughtAs: 'carte Dépenses',
    applies: (m) => !!first(m.depenses.values(), (x) => !x.deleted),
    corrupt: (m) => void (first(m.depenses.values(), (x) => !x.deleted)!.total += 1),
  },
  {
    name: 'jour',
    caughtAs: 'dépenses [date, total]',
    applies: (m) => !!first(m.depenses.values(), (x) => !x.deleted),
    corrupt: (m) => {
      const x = first(m.depenses.values(), (y) => !y.deleted)!;
      x.day = addDays(x.day, -1);
    },
  },
  {
    name: 'oeufs',
    caughtAs: 'Œufs collectés',
    applies: (m) => !!first(m.collectes.values(), (c) => !c.deleted),
    corrupt: (m) => void (first(m.collectes.values(), (c) => !c.deleted)!.collecte += 1),
  },
  {
    name: 'ligne',
    // The history's turnover when the line is in a history the harness reads (today's, or its random
    // period), else the dashboards' shop revenue: a line typed offline two hours ago is yesterday's
    // between midnight and 2 a.m., and the test's fixed sequence then failed by the clock alone.
    caughtAs: ["chiffre d'affaires", 'ventes_boutique'],
    applies: (m) => m.lignes.some((l) => !l.deleted && l.type !== 'DON'),
    corrupt: (m) => void (m.lignes.find((l) => !l.deleted && l.type !== 'DON')!.total += 1),
  },
  {
    name: 'creance',
    caughtAs: 'clients [créance]',
    applies: (m) => m.lignes.some((l) => !l.deleted && l.type === 'EMPRUNT' && l.source === 'BOUTIQUE'),
    corrupt: (m) => void (m.lignes.find((l) => !l.deleted && l.type === 'EMPRUNT' && l.source === 'BOUTIQUE')!.type = 'DIRECT'),
  },
  {
    name: 'versement',
    caughtAs: 'versements',
    applies: (m) => !!first(m.versements.values(), (v) => !v.canceled),
    corrupt: (m) => void (first(m.versements.values(), (v) => !v.canceled)!.montant += 1),
  },
  {
    name: 'livraison',
    caughtAs: 'commandes [total, acompte, réglé, paiement, livraison]',
    applies: (m) => !!first(m.commandes.values(), (c) => c.delivered),
    corrupt: (m) => void (first(m.commandes.values(), (c) => c.delivered)!.delivered = false),
  },
  {
    // A layer batch's tray sale counted as one egg a tray (decision 0217).
    name: 'plateau',
    caughtAs: 'Œufs vendus',
    applies: (m) => m.ventesB.some((v) => !v.deleted && v.unite === 'plateau'),
    corrupt: (m) => void (m.ventesB.find((v) => !v.deleted && v.unite === 'plateau')!.unite = 'oeuf'),
  },
  {
    // Réforme hens counted as eggs: they would stay in the flock and out of « Sujets vendus ».
    name: 'reforme',
    caughtAs: 'Sujets vendus',
    applies: (m) => m.ventesB.some((v) => !v.deleted && v.unite === 'sujet'),
    corrupt: (m) => void (m.ventesB.find((v) => !v.deleted && v.unite === 'sujet')!.unite = 'oeuf'),
  },
  {
    // A withdrawal one day shorter (decision 0227): the treatment's window as the product answers it.
    name: 'attente',
    caughtAs: 'traitements',
    applies: (m) => !!first(m.traitements.values(), (t) => !t.deleted),
    corrupt: (m) => {
      const t = first(m.traitements.values(), (x) => !x.deleted)!;
      if (t.viande) t.viande = addDays(t.viande, -1);
      else if (t.oeufs) t.oeufs = addDays(t.oeufs, -1);
      else t.fin = addDays(t.fin, -1);
    },
  },
  {
    // The feed store: a kilogram eaten that the product did not take out of the stock.
    name: 'aliment',
    caughtAs: 'stock d’aliment: stock (kg)',
    applies: (m) => !!first(m.consos.values(), (c) => !c.deleted),
    corrupt: (m) => void (first(m.consos.values(), (c) => !c.deleted)!.g += 1000),
  },
  {
    // A purchase one franc dearer: the stock's value, and the cost of what was eaten after it.
    name: 'achatAliment',
    caughtAs: ['achats d’aliment', 'stock d’aliment: valeur'],
    applies: (m) => !!first(m.achats.values(), (a) => !a.deleted),
    corrupt: (m) => void (first(m.achats.values(), (a) => !a.deleted)!.prix += 1),
  },
  {
    // A move that adds one unit too many to its product: the product's stock and its restock line of origin Production.
    name: 'transfert',
    caughtAs: ['produits [stock, prix]', 'approvisionnements'],
    applies: (m) => !!first(m.transferts.values(), (t) => !t.deleted),
    corrupt: (m) => {
      const t = first(m.transferts.values(), (x) => !x.deleted)!;
      t.unites += 1;
      m.produits.get(t.produit)!.stock += 1;
      const line = m.reappros.find((x) => x.source?.type === 'oeufs' && x.source.id === t.id && x.etat === 'VALID');
      if (line) line.quantite += 1;
    },
  },
  {
    // Eggs counted twice: a breakage's eggs taken out of the stock a second time.
    name: 'casse',
    caughtAs: "stock d'œufs",
    applies: (m) => !!first(m.casses.values(), (c) => !c.deleted),
    corrupt: (m) => {
      const c = first(m.casses.values(), (x) => !x.deleted)!;
      m.casses.set(-c.id, { ...c, id: -c.id });
    },
  },
  {
    // A move counted as a sale of the batch: the takings, the batch's turnover, its eggs sold.
    name: 'transfertVente',
    caughtAs: ["chiffre d'affaires", 'Œufs vendus', 'chiffre_affaire'],
    applies: (m) => !!first(m.transferts.values(), (t) => !t.deleted),
    corrupt: (m) => {
      const t = first(m.transferts.values(), (x) => !x.deleted)!;
      m.ventesB.push({
        id: null,
        bande: t.bande,
        prix: 2400,
        qty: t.unites,
        unite: 'plateau',
        total: 2400 * t.unites,
        day: t.day,
        deleted: false,
        shopLine: null,
      });
    },
  },
  {
    // A slaughter that fed its product one bird short.
    name: 'abattageProduit',
    caughtAs: ['produits [stock, prix]', 'approvisionnements'],
    applies: (m) => !!first(m.abattages.values(), (a) => !a.deleted && !!a.categories?.some((c) => c.produit !== null)),
    corrupt: (m) => {
      const a = first(m.abattages.values(), (x) => !x.deleted && !!x.categories?.some((c) => c.produit !== null))!;
      const c = a.categories!.find((x) => x.produit !== null)!;
      m.produits.get(c.produit!)!.stock -= 1;
      const line = m.reappros.find((x) => x.source?.type === 'abattage' && x.source.id === a.id && x.produit === c.produit && x.etat === 'VALID');
      if (line) line.quantite -= 1;
    },
  },
  {
    name: 'pesage',
    caughtAs: 'pesages',
    applies: (m) => !!first(m.pesages.values(), (p) => !p.deleted),
    corrupt: (m) => void (first(m.pesages.values(), (p) => !p.deleted)!.echantillon += 1),
  },
];

/** RECON_INJECT: the wrong figure a whole random run must catch (unknown names are refused up front). */
export const INJECT: Injection | null = (() => {
  const name = process.env.RECON_INJECT;
  if (!name) return null;
  const i = INJECTIONS.find((x) => x.name === name);
  if (!i) throw new Error(`RECON_INJECT=${name} inconnu ; au choix : ${INJECTIONS.map((x) => x.name).join(', ')}`);
  return i;
})();
