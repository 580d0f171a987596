// French everywhere, written right: the checker (tests/helpers/french-text.ts) knows the offenders
// that reached the screens; then it reads every text of the message catalogue, every answer the
// server gives for a refused field on every route, and every text written in the SPA; and it
// refuses a French text written inline in shared/schemas/ or functions/ (its place is
// shared/messages/, decision 0329).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZodMiniType as ZodType } from 'zod/mini';
import { ROUTES } from '@shared/api/routes';
import { FEATURES_LIST } from '@shared/rights';
import * as catalogue from '@shared/messages';
import { farmerError, fieldMessage } from '@shared/messages/validation';
import '@shared/schemas/common';
import { frenchOffences, inlineFrenchTexts, shownTexts } from '../helpers/french-text';
import { filesUnder } from '../helpers/source-files';

describe('the French-text checker', () => {
  it.each([
    ['Loading ...', 'anglais'],
    ['Chargement ...', 'points de suspension'],
    ['Abatage', 'Abattage'],
    ['Se deconnecter', 'déconnecter'],
    ['Creation de bande', 'Création'],
    ['Echec de votre paiement, veuillez réessayer', 'Échec'],
    ['Entreprise requis', 'requise'],
    ['Adresse requis', 'requise'],
    ['Montant superieur au créance', 'accord'],
    ['Commande de Ibrahima Fall', 'élision'],
    ['Requête invalide : « quantite » : Trop grand', 'nom technique'],
    ['Trop grand : chaîne de caractères doit avoir <=80 caractères', 'zod'],
    ['Le client est obligatoire pour un EMPRUNT', 'API'],
    ['Prix : valeur undefined', 'brute'],
    ['Champ « id_bande » manquant', 'nom technique'],
  ])('flags %j', (text, rule) => {
    const found = frenchOffences(text);
    expect(found.map((f) => f.rule).join(' | ')).toContain(rule);
  });

  it.each([
    'Chargement…',
    'Abattage enregistré',
    'Se déconnecter',
    'Création de bande',
    'Échec de votre paiement, veuillez réessayer',
    'Entreprise requise',
    'Montant supérieur à la créance',
    "Commande d'Ibrahima Fall",
    'Commande de Moussa Diop',
    'Quantité : un nombre est attendu.',
    'Adresse trop longue : 200 caractères au plus',
    'Photo trop lourde : 10 Mo au plus.',
  ])('passes %j', (text) => {
    expect(frenchOffences(text)).toEqual([]);
  });
});

/** Every text of a catalogue entry: strings as they are, functions called with sample arguments. */
function texts(value: unknown, path: string, out: { path: string; text: string }[] = []): { path: string; text: string }[] {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (typeof value === 'function') {
    // Arguments of the kinds the catalogue takes (counts, days, names, countries, batch types); an
    // output with `undefined` or `NaN` is a sample of the wrong kind, not a text anyone reads.
    for (const args of [
      [3, 2, 1],
      [5],
      [0],
      ['2026-11-20', 12, 3],
      ['2026-11-20', 5],
      ['Poulet', 5, 3],
      ['Moussa Diop', 5],
      ['sn'],
      ['ci'],
      ['chair'],
      ['pondeuse'],
      ['wave'],
    ]) {
      try {
        const r = (value as (...a: unknown[]) => unknown)(...args);
        if (typeof r === 'string' && !/undefined|NaN/.test(r)) out.push({ path: `${path}(${args.join(', ')})`, text: r });
      } catch {
        // a sample that does not fit this function's arguments
      }
    }
  } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) texts(v, `${path}.${k}`, out);
  return out;
}

describe('the rights as the user form names them (shared/rights.ts)', () => {
  it('has no known offender', () => {
    expect(FEATURES_LIST.flatMap((f) => frenchOffences(f.nom).map((o) => `${f.code}: ${o.rule} — ${f.nom}`))).toEqual([]);
  });
});

describe('the message catalogue (shared/messages/)', () => {
  it('has no known offender and leaks no technical name', () => {
    const all = texts(catalogue, 'messages').filter((t) => !/^messages\.(farmerError|fieldMessage|isGenericMessage|FIELD_LABELS)/.test(t.path));
    expect(all.length).toBeGreaterThan(200);
    const bad = all.flatMap((t) => frenchOffences(t.text).map((o) => `${t.path}: ${o.rule} — ${t.text}`));
    expect(bad).toEqual([]);
  });

  it('names a client with the elision French needs, and a credit sale as « À crédit »', () => {
    expect(catalogue.SHOP_MSG.orderOf('Ibrahima Fall')).toBe("Commande d'Ibrahima Fall");
    expect(catalogue.SHOP_MSG.orderOf('Moussa Diop')).toBe('Commande de Moussa Diop');
    expect(catalogue.SHOP_MSG.saleType.EMPRUNT).toBe('À crédit');
  });
});

/** The keys of an object schema, through zod's wrappers (lazy, pipe, optional, effects). */
function keysOf(schema: ZodType, depth = 0): string[] {
  const def = (schema as any)?._zod?.def;
  if (!def || depth > 6) return [];
  if (def.type === 'object') return Object.keys(def.shape);
  const inner = def.type === 'lazy' ? def.getter() : (def.innerType ?? def.in ?? def.schema);
  return inner ? keysOf(inner, depth + 1) : [];
}

describe("the server's answer to a refused field, on every route", () => {
  it('reads as French for a farmer: no payload name, no schema wording', () => {
    const bad: string[] = [];
    let seen = 0;
    for (const row of ROUTES) {
      for (const schema of [row.body, row.params, row.query].filter(Boolean) as ZodType[]) {
        const keys = keysOf(schema);
        const fill = (v: unknown) => Object.fromEntries(keys.map((k) => [k, v]));
        for (const payload of [{}, fill('texte'), fill(-1), fill(1e20), fill(0.123456), fill('x'.repeat(5000)), fill([]), fill({}), fill(true)]) {
          const r = schema.safeParse(payload);
          if (r.success) continue;
          for (const issue of r.error.issues) {
            const message = fieldMessage(issue.path, issue.message);
            seen += 1;
            for (const o of frenchOffences(message)) bad.push(`${row.method} ${row.path} [${issue.path.join('.')}]: ${o.rule} — ${message}`);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(500);
    expect([...new Set(bad)]).toEqual([]);
  });

  it('names the field in French before a generic text, and states the limit', () => {
    const nombre = farmerError({ code: 'invalid_type', expected: 'number', input: 'dix' });
    expect(fieldMessage(['lignes', 0, 'quantite'], nombre)).toBe('Quantité : un nombre est attendu.');
    const long = farmerError({ code: 'too_big', origin: 'string', maximum: 80 });
    expect(fieldMessage(['nom'], long)).toBe('Nom : 80 caractères au plus.');
    // a technical key without a French name is not shown at all
    expect(fieldMessage(['id_bande'], farmerError({ code: 'invalid_type', expected: 'number', input: undefined }))).toBe('Une valeur saisie : à renseigner.');
    // a schema's own message already names its field: kept as it is
    expect(fieldMessage(['adresse'], 'Adresse requise')).toBe('Adresse requise');
  });
});

describe("the SPA's written texts (web/src, web/*.html)", () => {
  it('have no known offender', () => {
    const list = [
      ...filesUnder(join(process.cwd(), 'web/src'), /\.(tsx?|html)$/),
      ...readdirSync(join(process.cwd(), 'web'))
        .filter((f) => f.endsWith('.html'))
        .map((f) => join(process.cwd(), 'web', f)),
    ];
    expect(list.length).toBeGreaterThan(100);
    const bad = list.flatMap((f) =>
      shownTexts(readFileSync(f, 'utf8')).flatMap((t) =>
        frenchOffences(t, { technical: false }).map((o) => `${f.replace(process.cwd() + '/', '')}: ${o.rule} — ${t}`),
      ),
    );
    expect(bad).toEqual([]);
  });
});

/**
 * The exceptions of docs/decisions/0329-texts-in-the-catalogue.md, by file and text: a text here
 * is written where it is used on purpose. Anything else French in the schemas or the server comes
 * from shared/messages/.
 */
const INLINE_ALLOWED: Record<string, string[]> = {
  // A developer's mistake that names the header's syntax (`code:r`), which the catalogue refuses.
  'functions/utilisateurs/routes.ts': ['En-tête « droit » manquant ou invalide (attendu : code:r, par exemple bandav:r).'],
  // The operator account's stored name, data rather than a text.
  'functions/operateur/accounts.ts': ['Opérateur'],
  // A stored default value of the storefront's country, not a text.
  'shared/schemas/ecommerce.ts': ['Senegal'],
};

describe('French texts written outside the catalogue (shared/schemas, functions)', () => {
  it('the detector sees a refusal, a label and a template, and not code', () => {
    const found = inlineFrenchTexts(
      [
        "import { x } from 'Les modules';",
        "const a = refused(409, 'Ce produit a changé entre-temps, veuillez réessayer.');",
        "const b = requiredText('Produit', 120);",
        'const c = `Paiement refusé par Wave${d}`;',
        "const e = { 'Clé française': 1, key: 'SET revoque_le = :at, revoque_par = :par', log: 'payment closed' };",
        "type T = 'Payé';",
      ].join('\n'),
      { labels: true },
    ).map((f) => f.text);
    expect(found).toEqual(['Ce produit a changé entre-temps, veuillez réessayer.', 'Produit', 'Paiement refusé par Wave${}']);
    // In the server's code one capitalised word is a header's or a provider's name, not a label.
    expect(inlineFrenchTexts("const h = 'Bearer'; const p = 'Wave';")).toEqual([]);
  });

  it('finds none but the written-down exceptions', () => {
    const root = process.cwd();
    const files = [
      ...filesUnder(join(root, 'shared/schemas'), /\.ts$/).map((f) => ({ f, labels: true })),
      ...filesUnder(join(root, 'functions'), /\.ts$/)
        .filter((f) => !f.endsWith('.test.ts'))
        .map((f) => ({ f, labels: false })),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(({ f, labels }) => {
      const rel = f.slice(root.length + 1);
      return inlineFrenchTexts(readFileSync(f, 'utf8'), { labels })
        .filter((t) => !(INLINE_ALLOWED[rel] ?? []).includes(t.text))
        .map((t) => `${rel}:${t.line}: ${t.text}`);
    });
    expect(found).toEqual([]);
  });
});
