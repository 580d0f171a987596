// Every stored phone (businesses, users, shops, clients) to E.164, dial codes to the number's
// country. Online orders keep the buyer's text as typed (a record of the order; the screens format
// it). It finds its items by key conditions: businesses through the operator's index, then each
// business's partition by sort-key prefix.
import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { businessPhoneCountry, countryOfPays, phoneIndicatif, storedToE164, type PhoneCountry } from '@shared/phone';
import { businessIds, isConditionFailure, queryAll, type Migration, type MigrationResult } from './support';

/**
 * One business's phones to E.164 (shared/phone.ts): its own (sign-up), its users', its
 * shops' and its clients'. A number written without its code is read in the business's country (its
 * pays, else the country of its own number once that one is read). Each write is conditioned on the
 * value read, so a record edited meanwhile (already by the new rule) is left alone; a client's new
 * number takes its CLIENT_TEL# lock in the same transaction and frees the old one. What does not
 * read as a valid Senegalese or Ivorian number is kept as it is and reported, as is a client whose
 * number, once written alike, is already another client's.
 */
export async function migrateBusinessPhones(doc: DynamoDBDocumentClient, table: string, t: number): Promise<MigrationResult> {
  const pk = `ENT#${t}`;
  const out: MigrationResult = { changed: 0, kept: [] };
  const keep = (what: string, value: unknown, why = 'numéro non reconnu') =>
    out.kept!.push(`entreprise ${t}, ${what} : « ${String(value)} » gardé tel quel (${why})`);
  // A write conditioned on the phone as read: a string stays that string, no phone stays none.
  const unchanged = (old: unknown) =>
    typeof old === 'string'
      ? { ConditionExpression: 'telephone = :old', values: { ':old': old } }
      : { ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(telephone) OR attribute_type(telephone, :null))', values: { ':null': 'NULL' } };
  const setIf = async (key: Record<string, unknown>, sets: Record<string, string>, old: unknown) => {
    const names = Object.keys(sets);
    const cond = unchanged(old);
    try {
      await doc.send(
        new UpdateCommand({
          TableName: table,
          Key: key,
          UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
          ConditionExpression: cond.ConditionExpression,
          ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
          ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, sets[n]])), ...cond.values },
        }),
      );
      out.changed++;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  };
  const phoneOf = (item: Record<string, unknown>) => (typeof item.telephone === 'string' && item.telephone.trim() ? item.telephone : null);

  const profile = (await doc.send(new GetCommand({ TableName: table, Key: { PK: pk, SK: 'PROFILE' }, ConsistentRead: true }))).Item;
  let ownPhone = typeof profile?.telephone === 'string' ? profile.telephone : null;
  if (profile && ownPhone) {
    const e164 = storedToE164(ownPhone, countryOfPays(String(profile.pays ?? '')));
    if (!e164) keep('entreprise (inscription)', ownPhone);
    else if (e164 !== ownPhone) {
      await setIf({ PK: pk, SK: 'PROFILE' }, { telephone: e164 }, ownPhone);
      ownPhone = e164;
    }
  }
  const country: PhoneCountry | null = businessPhoneCountry(String(profile?.pays ?? ''), ownPhone);
  const items = (prefix: string) =>
    queryAll(doc, {
      TableName: table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
      ConsistentRead: true,
    });

  for (const u of await items('USER#')) {
    const tel = phoneOf(u);
    if (!tel) continue;
    const e164 = storedToE164(tel, country);
    if (!e164) keep(`utilisateur ${String(u.id)} (${String(u.email ?? '')})`, tel);
    else if (e164 !== tel) await setIf({ PK: u.PK, SK: u.SK }, { telephone: e164 }, u.telephone);
  }

  for (const b of await items('BOUTIQUE#')) {
    const tel = phoneOf(b);
    const e164 = tel ? storedToE164(tel, country) : null;
    if (tel && !e164) {
      keep(`boutique ${String(b.id)} (${String(b.nom ?? '')})`, tel);
      continue;
    }
    const indicatif = phoneIndicatif(e164, country);
    if (e164 !== tel) await setIf({ PK: b.PK, SK: b.SK }, { telephone: e164!, indicatif }, b.telephone);
    else if (b.indicatif !== indicatif) await setIf({ PK: b.PK, SK: b.SK }, { indicatif }, b.telephone);
  }

  for (const c of await items('CLIENT#')) {
    const tel = phoneOf(c);
    const label = `client ${String(c.numero_compte ?? c.id)} (${String(c.prenom ?? '')} ${String(c.nom ?? '')})`;
    const e164 = tel ? storedToE164(tel, country) : null;
    if (tel && !e164) {
      keep(label, tel);
      continue;
    }
    const indicatif = phoneIndicatif(e164, country);
    if (e164 === tel) {
      if (c.indicatif !== indicatif) await setIf({ PK: c.PK, SK: c.SK }, { indicatif }, c.telephone);
      continue;
    }
    const id = Number(c.id);
    const lock = (phone: string) => ({ PK: pk, SK: `CLIENT_TEL#${phone}` });
    // The lock's owner under either name (clientId before 2026-12-stored-names).
    const ours = { ConditionExpression: 'attribute_not_exists(PK) OR client_id = :id OR clientId = :id', ExpressionAttributeValues: { ':id': id } };
    const transaction = new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table, Item: { ...lock(e164!), entity: 'CLIENT_TEL', client_id: id }, ...ours } },
        { Delete: { TableName: table, Key: lock(tel!), ...ours } },
        {
          Update: {
            TableName: table,
            Key: { PK: c.PK, SK: c.SK },
            UpdateExpression: 'SET telephone = :new, indicatif = :i',
            ConditionExpression: 'telephone = :old',
            ExpressionAttributeValues: { ':new': e164, ':i': indicatif, ':old': c.telephone },
          },
        },
      ],
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await doc.send(transaction);
        out.changed++;
        break;
      } catch (err) {
        const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
        // A concurrent write to one of the three items: read nothing again, just try once more.
        if (reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed') && attempt < 5) continue;
        if (!isConditionFailure(err)) throw err;
        // The first condition is the new number's lock: another client already has that number.
        if (reasons[0] === 'ConditionalCheckFailed') keep(label, tel, `${e164} est déjà le numéro d'un autre client`);
        break;
      }
    }
  }
  return out;
}

/**
 * The phones migration over every business (migrateBusinessPhones), one business at a time;
 * `only` restricts it to some of them (tests share one table with other test files).
 */
export async function migratePhones(doc: DynamoDBDocumentClient, table: string, only?: number[]): Promise<MigrationResult> {
  const total: MigrationResult = { changed: 0, kept: [] };
  for (const t of await businessIds(doc, table)) {
    if (only && !only.includes(t)) continue;
    const r = await migrateBusinessPhones(doc, table, t);
    total.changed += r.changed;
    total.kept!.push(...(r.kept ?? []));
  }
  return total;
}

export const phoneE164: Migration = {
  name: '2026-12-phone-e164',
  async run(doc, table) {
    return migratePhones(doc, table);
  },
};
