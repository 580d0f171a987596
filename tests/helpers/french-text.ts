// The French-text checker: the known English words and spelling faults that reached
// Ganaar's screens, and the marks of a message that leaks a technical name or a schema's wording.
// tests/unit/french-text.test.ts runs it over the message catalogue, the server's validation
// answers for every route, and the texts written in the SPA's sources.

import ts from 'typescript';

export interface Offence {
  text: string;
  rule: string;
}

/** Known offenders: English words and French words written without their accent or agreement. */
const WORDS: [RegExp, string][] = [
  [/\bLoading\b/i, 'anglais : « Chargement… »'],
  [/\bChargement ?\.\.\./, 'points de suspension : « Chargement… »'],
  [/\b(Error|Failed|Success|Please|Submit|Required|Invalid|Something went wrong)\b/, 'anglais'],
  [/\bAbatages?\b/i, 'orthographe : « Abattage »'],
  [/\b[Dd]econnect/, 'accent : « déconnecter »'],
  [/\bCreation\b/, 'accent : « Création »'],
  [/\bEchec\b/, 'accent : « Échec »'],
  [/\breessayer\b|\brequete\b|\bcategorie\b|\bdéja\b|\bsuperieur\b|\bexist déj|\bau créance\b/i, 'accent ou accord'],
  [/\b(Entreprise|Adresse|Date|Ville|Description|Désignation|Quantité|Confirmation) requis\b/, 'accord : « requise »'],
  [/\b(Entreprise|Adresse|Ville|Description|Désignation) trop long\b/, 'accord : « trop longue »'],
  [/\b(Commande|Créance|Facture|Reçu|Vente|Client|Clients) de [AEIOUYÉÈaeiouyéè][a-zà-ÿ]+\b/, "élision : « d'… »"],
];

/** Marks of a technical text: a payload's field name, zod's wording, a raw value. */
const TECHNICAL: [RegExp, string][] = [
  [/«\s*[a-z][a-zA-Z0-9_.]*\s*»/, 'nom technique entre guillemets'],
  [/\b[a-z]+(_[a-z0-9]+)+\b/, 'nom technique (snake_case)'],
  [/<=|>=|!=/, 'écriture de schéma (<=, >=)'],
  [/Entrée invalide|Trop grand|Trop petit|Option invalide|chaîne de caractères attendu|attendu, .* reçu/, 'formulation de zod'],
  [/\b(undefined|NaN|null|\[object Object\])\b/, 'valeur brute'],
  [/\bEMPRUNT\b/, 'valeur de l’API : « À crédit »'],
];

/** Every offence of one text shown to a user. */
export function frenchOffences(text: string, opts: { technical?: boolean } = {}): Offence[] {
  const rules = opts.technical === false ? WORDS : [...WORDS, ...TECHNICAL];
  return rules.filter(([re]) => re.test(text)).map(([, rule]) => ({ text, rule }));
}

/**
 * The texts a source file shows: its string literals and JSX texts, without comments, imports,
 * class names and identifier-like strings (paths, keys, codes).
 */
export function shownTexts(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\*|import\b|export \* from|\} from )/.test(l))
    .map((l) => l.replace(/(^|[^:'"`])\/\/ .*$/, '$1'))
    .join('\n');
  const out: string[] = [];
  for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  // JSX texts; a `>` … `<` pair with code punctuation inside is a comparison, not a text.
  for (const m of code.matchAll(/>([^<>{}\n]*[A-Za-zÀ-ÿ][^<>{}\n]*)</g)) if (!/[=;&|()]/.test(m[1])) out.push(m[1]);
  return out.map((t) => t.trim()).filter((t) => t && !/^[a-z0-9_/:.\-#@?=&${}]+$/.test(t) && !/^[A-Z0-9_]+$/.test(t) && !/^[^\s]*\/[^\s]*$/.test(t));
}

/** French words that mark a sentence (with a space: « Paiement refusé », « Veuillez choisir le client. »). */
const FRENCH_WORD =
  /\b(de|la|le|les|du|des|est|une|un|pas|ou|et|au|aux|pour|par|sur|avec|dans|ce|cette|votre|vous|bonjour|requis|requise|invalide|introuvable|veuillez)\b/i;
/** A store expression (`SET a = :v`, `#n`), not a text: its `:par` is not the French « par ». */
const STORE_EXPRESSION = /^(SET|ADD|REMOVE|DELETE)\b|[:#][a-z_]+/;

/**
 * The texts a TypeScript source writes inline that read as French: string literals and template
 * literals (their fixed parts, `${}` for each value) with an accented letter, or a French word in a
 * sentence, or (`labels`) one capitalised word as a field's label (« Produit »). Imports, type
 * literals and property names are code, not texts.
 */
export function inlineFrenchTexts(source: string, opts: { labels?: boolean } = {}): { line: number; text: string }[] {
  const sf = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const out: { line: number; text: string }[] = [];
  const french = (t: string) =>
    !STORE_EXPRESSION.test(t) &&
    (/[À-ÿ]/.test(t) || (/ /.test(t.trim()) && /[A-Za-z]{2,}/.test(t) && FRENCH_WORD.test(t)) || (!!opts.labels && /^[A-Z][a-z]+( [a-z]+)*$/.test(t)));
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isLiteralTypeNode(n)) return;
    let text: string | null = null;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) text = n.text;
    else if (ts.isTemplateExpression(n)) text = n.head.text + n.templateSpans.map((s) => '${}' + s.literal.text).join('');
    const isKey = !!n.parent && ts.isPropertyAssignment(n.parent) && n.parent.name === n;
    if (text !== null && !isKey && french(text)) {
      out.push({ line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1, text });
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
