// The creance journal back-filled (docs/releve.md, decision 0260): since every
// movement of a client's debt writes one journal line in the debt's own transaction; the debts
// moved before it are rebuilt here from what recorded them — shop sales on credit (their cancelled
// lines dated their cancel), orders delivered with a balance (total − deposit, dated the delivery),
// repayments (and their cancels). Each line is the very item the application writes (same key,
// same libelle: functions/clients creanceJournalPut, shared/messages/releve.ts), put only if absent,
// so a run cut short, a second run or a movement written live meanwhile changes nothing. Then each
// client's replay is checked against its `creance` counter: a mismatch is reported (log + count on
// the marker), never fixed here — the counter or the records are wrong, and someone must look.
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { refCommande, refVente, refVersement, signe, type MouvementCreance } from '@shared/formulas/releve';
import { RELEVE_MSG } from '@shared/messages/releve';
import { businessIds, isConditionFailure, queryAll, type Migration, type MigrationResult } from './support';

type Item = Record<string, unknown>;

/** The journal line's key, as functions/clients/repository.ts writes it. */
const journalSk = (clientId: number, m: MouvementCreance) => `CREANCE#${String(clientId).padStart(10, '0')}#${m.at}#${m.ref}#${m.type}`;

export interface CreanceJournalResult extends MigrationResult {
  /** Clients whose replayed journal differs from their creance (each one also a `kept` line). */
  mismatches: number;
}

/** Every movement the stored records imply, by client; `kept` gets what could not be dated exactly. */
export function movementsFromRecords(
  t: number,
  records: { ventes: Item[]; commandes: Item[]; versements: Item[] },
  kept: string[],
): Map<number, MouvementCreance[]> {
  const out = new Map<number, MouvementCreance[]>();
  const add = (clientId: number, m: MouvementCreance) => {
    if (m.montant <= 0) return;
    out.set(clientId, [...(out.get(clientId) ?? []), m]);
  };

  // Shop sales on credit: one movement per sale (its lines' total), one per cancelled line.
  const sales = new Map<number, { clientId: number; at: string; total: number }>();
  for (const v of records.ventes) {
    const source = String(v.source ?? 'BOUTIQUE');
    const type = String(v.type_vente ?? v.type);
    if (source !== 'BOUTIQUE' || type !== 'EMPRUNT' || !v.id_client) continue;
    const tx = Number(v.id_transaction ?? v.id);
    const clientId = Number(v.id_client);
    const at = String(v.created_at);
    const s = sales.get(tx) ?? { clientId, at, total: 0 };
    s.total += Number(v.total ?? 0);
    if (at < s.at) s.at = at;
    sales.set(tx, s);
    if (v.etat === 'DELETED' && Number(v.total) > 0) {
      let when = v.deleted_at ? String(v.deleted_at) : null;
      if (!when) {
        // A line cancelled before cancels were dated: it nets out on its sale's day.
        when = at;
        kept.push(`entreprise ${t}, vente ${String(v.id)} : annulation sans date, comptée le jour de la vente (${at.slice(0, 10)})`);
      }
      add(clientId, {
        type: 'annulation_vente',
        date: when.slice(0, 10),
        at: when,
        montant: Number(v.total),
        ref: refVente(tx),
        libelle: RELEVE_MSG.libelleAnnulationVente(tx, String(v.produit ?? '')),
      });
    }
  }
  for (const [tx, s] of sales) {
    add(s.clientId, { type: 'vente_credit', date: s.at.slice(0, 10), at: s.at, montant: s.total, ref: refVente(tx), libelle: RELEVE_MSG.libelleVente(tx) });
  }

  // Orders delivered with a balance left to pay.
  for (const c of records.commandes) {
    if (c.etat_livraison !== 'DELIVERED' || !c.delivered_at || !c.id_client) continue;
    const balance = Number(c.montant_total) - Number(c.accompte ?? 0);
    const at = String(c.delivered_at);
    add(Number(c.id_client), {
      type: 'livraison_commande',
      date: at.slice(0, 10),
      at,
      montant: balance,
      ref: refCommande(Number(c.id)),
      libelle: RELEVE_MSG.libelleLivraison(String(c.numero_commande)),
    });
  }

  // Repayments, and their cancels.
  for (const r of records.versements) {
    const id = Number(r.id);
    const clientId = Number(r.id_client);
    const at = String(r.created_at);
    const montant = Number(r.montant);
    add(clientId, { type: 'versement', date: at.slice(0, 10), at, montant, ref: refVersement(id), libelle: RELEVE_MSG.libelleVersement(id) });
    if (r.etat === 'CANCELED') {
      let when = r.canceled_at ? String(r.canceled_at) : null;
      if (!when) {
        when = at;
        kept.push(`entreprise ${t}, remboursement ${id} : annulation sans date, comptée le jour du remboursement (${at.slice(0, 10)})`);
      }
      add(clientId, {
        type: 'annulation_versement',
        date: when.slice(0, 10),
        at: when,
        montant,
        ref: refVersement(id),
        libelle: RELEVE_MSG.libelleAnnulationVersement(id),
      });
    }
  }
  return out;
}

/** One business: its journal rebuilt (absent lines put), then every client's replay checked against its creance. */
export async function migrateBusinessCreanceJournal(doc: DynamoDBDocumentClient, table: string, t: number): Promise<CreanceJournalResult> {
  const pk = `ENT#${t}`;
  const items = (prefix: string) =>
    queryAll(doc, {
      TableName: table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
      ConsistentRead: true,
    });
  const out: CreanceJournalResult = { changed: 0, kept: [], mismatches: 0 };
  const [ventes, commandes, versements] = await Promise.all([items('VENTE#'), items('COMMANDE#'), items('VERSEMENT#')]);
  const rebuilt = movementsFromRecords(t, { ventes, commandes, versements }, out.kept!);
  for (const [clientId, list] of rebuilt) {
    for (const m of list) {
      try {
        await doc.send(
          new PutCommand({
            TableName: table,
            Item: { PK: pk, SK: journalSk(clientId, m), entity: 'CREANCE_MVT', id_client: clientId, ...m },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        out.changed++;
      } catch (err) {
        // Already there: written live by the application, or by an earlier run.
        if (!isConditionFailure(err)) throw err;
      }
    }
  }

  // The check: the journal as now stored (live lines included) replayed against each counter.
  const [clients, journal] = await Promise.all([items('CLIENT#'), items('CREANCE#')]);
  const replay = new Map<number, number>();
  for (const j of journal) {
    const id = Number(j.id_client);
    replay.set(id, (replay.get(id) ?? 0) + signe(j.type as MouvementCreance['type']) * Number(j.montant));
  }
  for (const c of clients) {
    const id = Number(c.id);
    const creance = Number(c.creance ?? 0);
    const sum = replay.get(id) ?? 0;
    if (sum !== creance) {
      out.mismatches++;
      out.kept!.push(
        `entreprise ${t}, client ${String(c.numero_compte ?? id)} : créance ${creance} FCFA, journal ${sum} FCFA (écart ${creance - sum}) — gardé tel quel, à vérifier`,
      );
    }
  }
  return out;
}

/** Over every business, one at a time; `only` restricts it to some of them (tests share one table). */
export async function migrateCreanceJournal(doc: DynamoDBDocumentClient, table: string, only?: number[]): Promise<CreanceJournalResult> {
  const total: CreanceJournalResult = { changed: 0, kept: [], mismatches: 0 };
  for (const t of await businessIds(doc, table)) {
    if (only && !only.includes(t)) continue;
    const r = await migrateBusinessCreanceJournal(doc, table, t);
    total.changed += r.changed;
    total.mismatches += r.mismatches;
    total.kept!.push(...r.kept!);
  }
  return total;
}

export const creanceJournal: Migration = {
  name: '2026-12-creance-journal',
  async run(doc, table) {
    return migrateCreanceJournal(doc, table);
  },
};
