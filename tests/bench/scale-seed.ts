// The synthetic businesses of `npm run bench:scale`: each one a sign-up's items (profile, admin,
// subscription in force, first shop), a batch with its entries and totals, a shop product and online
// products published in a town, written with BatchWriteItem (25 items a request, several requests
// in flight) instead of the API: 10 000 sign-ups through the API would take the better part of an
// hour. Every item comes from the repository's own builder, so the seed follows the keys the code
// uses (the keys live in the repositories only); a builder that answers a transaction Update
// instead of a Put (a counter moved under a condition) has no BatchWrite twin and is left out:
// the published-products counter and the bird quota, which only the writes of that business read.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../functions/lib/ddb';
import type { TxItem } from '../../functions/lib/store';
import { businessItems } from '../../functions/acces/repository';
import { entryPut, entryRefPut } from '../../functions/bandes/repository/entries';
import { newBandeItem } from '../../functions/bandes/repository/bande-writes';
import { newProduitPut } from '../../functions/produits/repository';
import { produitEcomPut, rebuildIndexes } from '../../functions/ecommerce/repository';
import type { PlanCode } from '@shared/plans';
import { VILLES, type Ville } from '@shared/villes';

/**
 * The towns the synthetic sellers publish in: every town of the marketplace's list, in turn (a
 * flat spread: ~100 sellers a town at 10 000 businesses; a real Dakar or Abidjan would hold more,
 * docs/scale.md says what that changes).
 */
export const SCALE_TOWNS: readonly Ville[] = VILLES;

/** The town whose first storefront page is measured. */
export const MEASURED_TOWN = 'Thiès';

/**
 * Synthetic ids start here: far above the ids the sign-up counter hands out in a bench (the
 * measured business signs up through the API first and takes id 1), so that they never meet.
 */
export const SYNTHETIC_BASE_ID = 100_000;

/**
 * How many of the first synthetic businesses sell in the measured town whatever the table's size:
 * the small table's town page then holds as many sellers as the big table's first page (a page
 * shows at most 10 products of one seller), so both pages cost the same reads by design and any
 * difference is the table's size.
 */
export const FIRST_SELLERS_IN_TOWN = 9;

const PLANS: PlanCode[] = ['db1', 'pro', 'ent'];
const ONLINE_PER_BUSINESS = 3;

/** The town of synthetic business number `j` (0-based). */
export const townOf = (j: number): Ville =>
  j < FIRST_SELLERS_IN_TOWN ? SCALE_TOWNS.find((v) => v.nom === MEASURED_TOWN)! : SCALE_TOWNS[j % SCALE_TOWNS.length];

const putOf = (tx: TxItem): Record<string, unknown> => {
  if (!tx.Put?.Item) throw new Error('scale seed: a builder answered something else than a Put');
  return tx.Put.Item as Record<string, unknown>;
};

/** Every item of synthetic business number `j` (0-based), with `year` the year its entries are dated in. */
export function syntheticBusiness(j: number, year: number): Record<string, unknown>[] {
  const t = SYNTHETIC_BASE_ID + j;
  const createdAt = `${year}-01-0${1 + (j % 9)}T08:00:00.000Z`;
  const town = townOf(j);
  const pays = town.pays === 'ci' ? "Cote d'Ivoire" : 'Senegal';
  const telephone = pays === 'Senegal' ? '770000000' : '0700000000';
  const nom = `Ferme ${t}`;
  const email = `scale-${t}@bench.ganaar.sn`;
  const items: Record<string, unknown>[] = businessItems(
    { id: t, nom, pays, telephone, createdAt },
    {
      id: 1,
      tenantId: t,
      prenom: 'Synthétique',
      nom: String(t),
      email,
      telephone,
      role: 'admin',
      droits: {},
      // Not a hash of any password: these accounts never sign in.
      passwordHash: '!',
      entreprise: nom,
      idBoutique: null,
      actif: true,
      createdAt,
    },
    // In force for years: every synthetic seller is listed on the storefront.
    { plan: PLANS[j % PLANS.length], validUntil: `${year + 5}-12-31T00:00:00.000Z`, trial: false, origine: 'paiement' },
  ).map(putOf);

  // One batch started in March with 2 expenses, 2 sales and 2 weighings in April–May; its totals are the entries' sums.
  const start = `${year}-03-0${1 + (j % 9)}`;
  const bande = newBandeItem(t, { id: 1, nom: 'Bande 1', type: 'chair', nb_sujet: 500, date_demarage: start, age_demarrage: 0 }, createdAt);
  const entries: { kind: 'DEP' | 'VTE' | 'PES'; e: Record<string, unknown> & { id: number } }[] = [];
  let depense = 0;
  let ca = 0;
  let vendu = 0;
  for (let i = 1; i <= 2; i++) {
    const date = `${year}-0${3 + i}-1${i}`;
    const at = `${date}T09:00:00.000Z`;
    const prix = 15_000 + (j % 7) * 500;
    depense += prix * 2;
    entries.push({
      kind: 'DEP',
      e: { id: i, id_bande: 1, id_type_depense: 1, designation: 'Aliment', prix_unitaire: prix, quantite: 2, prix_total: prix * 2, created_at: at, date },
    });
    ca += 2500 * 10;
    vendu += 10;
    entries.push({
      kind: 'VTE',
      e: { id: i, id_vente: i, id_bande: 1, prix_unitaire: 2500, quantite: 10, prix_total: 25_000, created_at: at, date },
    });
    // Weighings rather than losses: a new loss goes to the death alert through the table's stream,
    // and 20 000 alerts would be another bench.
    entries.push({
      kind: 'PES',
      e: { id: i, id_bande: 1, poids_moyen: 0.8 + i * 0.4, unite: 'kg', echantillon: 10, date_prise: date, created_at: at, date },
    });
  }
  items.push({ ...bande, depense, chiffre_affaire: ca, nb_vendu: vendu });
  for (const { kind, e } of entries) items.push(entryPut(t, 1, kind, e, 1).Item as Record<string, unknown>, putOf(entryRefPut(t, 1, kind, e.id)));

  // A shop product and its online offers, published in the business's town.
  items.push(
    putOf(newProduitPut(t, { id: 1, nom: 'Poulet de chair', description: null, quantite: 200, prix_cession: 2000, prix_vente: 3500, created_at: createdAt })),
  );
  const ville = town.nom;
  for (let id = 1; id <= ONLINE_PER_BUSINESS; id++) {
    items.push(
      putOf(
        produitEcomPut(
          t,
          {
            id,
            id_produit: 1,
            code_produit: `P${id}`,
            type_produit: id === ONLINE_PER_BUSINESS ? 'materiel' : 'poulet',
            nom_produit: `Poulet ${id}`,
            prix_unitaire: 3500,
            description: 'Poulet de chair prêt à cuire.',
            ville,
            adresse: `Marché central, ${ville}`,
            // A photo's path as the upload names it (no file: the storefront's list reads only the path).
            images: [`/images/${t}/${(t * 1000 + id).toString(16).padStart(32, '0')}.webp`],
            etat: 'ACTIVE',
            currency: 'XOF',
            pays,
            code_pays: pays === 'Senegal' ? 'sn' : 'ci',
            created_at: createdAt,
          },
          true,
        ),
      ),
    );
  }
  return items;
}

async function writeBatch(items: Record<string, unknown>[]): Promise<void> {
  let request = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; request.length; attempt++) {
    const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: request } }));
    request = (out.UnprocessedItems?.[tableName()] ?? []) as typeof request;
    if (request.length && attempt > 20) throw new Error('scale seed: DynamoDB Local keeps items unprocessed');
    if (request.length) await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
  }
}

/**
 * Writes synthetic businesses number `from` … `to - 1` (0-based), `width` BatchWrites in flight.
 * Answers the number of items written.
 */
export async function seedSynthetic(from: number, to: number, year: number, width = 8, progress?: (done: number) => void): Promise<number> {
  let next = from;
  let written = 0;
  let buffer: Record<string, unknown>[] = [];
  const take = (): Record<string, unknown>[] | null => {
    while (buffer.length < 25 && next < to) buffer.push(...syntheticBusiness(next++, year));
    if (!buffer.length) return null;
    const chunk = buffer.slice(0, 25);
    buffer = buffer.slice(25);
    return chunk;
  };
  let lastReport = from;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let chunk = take(); chunk; chunk = take()) {
        await writeBatch(chunk);
        written += chunk.length;
        if (progress && next - lastReport >= 1000) {
          lastReport = next;
          progress(next);
        }
      }
    }),
  );
  return written;
}

/**
 * The marketplace's town indexes of the seeded offers: the seed writes offers and subscriptions
 * item by item (BatchWriteItem), not through the transactions that keep the indexes, so the
 * indexes are built by the documented rebuild (functions/ecommerce/repository/vitrine-index.ts,
 * the one the migration and `npm run vitrine:reindex` use), never written by hand.
 */
export const indexSynthetic = (): Promise<number> => rebuildIndexes();
