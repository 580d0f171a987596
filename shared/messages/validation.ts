// What a refused field says when its schema gives no message of its own: plain French
// for a farmer, the limit stated, never zod's wording ("<=80 caractères", "chaîne de caractères
// attendu") nor a field's technical name. zod reads these through z.config (shared/schemas/common.ts);
// the server names the field with FIELD_LABELS when it has a label, else says nothing of it.
import { formatNombre } from '../format';

/** Field names of the payloads as a farmer calls them (never "« quantite »"). */
export const FIELD_LABELS: Record<string, string> = {
  quantite: 'Quantité',
  quantity: 'Quantité',
  prix: 'Prix',
  prix_unitaire: 'Prix unitaire',
  prix_achat: "Prix d'achat",
  prix_vente: 'Prix de vente',
  montant: 'Montant',
  remise: 'Remise',
  nom: 'Nom',
  prenom: 'Prénom',
  adresse: 'Adresse',
  telephone: 'Téléphone',
  email: 'Email',
  entreprise: 'Entreprise',
  ville: 'Ville',
  pays: 'Pays',
  description: 'Description',
  designation: 'Désignation',
  date: 'Date',
  debut: 'Date de début',
  fin: 'Date de fin',
  date_demarage: 'Date de démarrage',
  date_livraison: 'Date de livraison',
  nb_sujet: 'Nombre de sujets',
  nombre: 'Nombre',
  poids: 'Poids',
  poids_min: 'Poids minimum',
  poids_max: 'Poids maximum',
  echantillon: 'Échantillon',
  stock: 'Stock',
  type: 'Type',
  race: 'Souche',
  unite: 'Unité',
  images: 'Photos',
  category: 'Catégories',
  lignes: 'Lignes',
  produits: 'Produits',
  numero: 'Numéro',
  otp: 'Code',
  password: 'Mot de passe',
  motif: 'Motif',
  jours: 'Nombre de jours',
};

const generated = new Set<string>();
const said = (text: string): string => {
  if (generated.size < 500) generated.add(text);
  return text;
};

/** True when `message` is one of the generic texts below (the server then names the field). */
export const isGenericMessage = (message: string): boolean => generated.has(message);

type Issue = { code?: string; input?: unknown; expected?: string; origin?: string; maximum?: unknown; minimum?: unknown; inclusive?: boolean; format?: string };

const num = (v: unknown) => (typeof v === 'bigint' ? formatNombre(Number(v)) : typeof v === 'number' ? formatNombre(v) : String(v));

/** zod's `localeError`: one plain French sentence per kind of issue. */
export function farmerError(iss: Issue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return said('À renseigner');
      if (iss.expected === 'number' || iss.expected === 'int') return said('Un nombre est attendu');
      if (iss.expected === 'string') return said('Un texte est attendu');
      if (iss.expected === 'array') return said('Une liste est attendue');
      return said('Valeur invalide');
    case 'too_big':
      if (iss.origin === 'string') return said(`${num(iss.maximum)} caractères au plus`);
      if (iss.origin === 'array' || iss.origin === 'set') return said(`${num(iss.maximum)} éléments au plus`);
      if (iss.origin === 'file') return said('Fichier trop volumineux');
      return said(iss.inclusive === false ? `Doit être inférieur à ${num(iss.maximum)}` : `${num(iss.maximum)} au plus`);
    case 'too_small':
      if (iss.origin === 'string') return said(Number(iss.minimum) <= 1 ? 'À renseigner' : `${num(iss.minimum)} caractères au moins`);
      if (iss.origin === 'array' || iss.origin === 'set')
        return said(Number(iss.minimum) <= 1 ? 'Au moins un élément' : `${num(iss.minimum)} éléments au moins`);
      return said(iss.inclusive === false ? `Doit être supérieur à ${num(iss.minimum)}` : `Au moins ${num(iss.minimum)}`);
    case 'invalid_format':
      return said(iss.format === 'email' ? 'Adresse email invalide' : 'Format invalide');
    case 'invalid_value':
      return said('Choix invalide');
    case 'unrecognized_keys':
      return said('Information inattendue dans la demande');
    default:
      return said('Valeur invalide');
  }
}

/**
 * The server's answer for a refused field: the schema's own message as written (the spec's texts
 * stay verbatim: « Cette catégorie existe déjà », « Date invalide »); a generic text gets the field's
 * French label in front (« Quantité : un nombre est attendu. »), or « Une valeur saisie » when the
 * field has no French name — never its technical name.
 */
export function fieldMessage(path: readonly PropertyKey[], message: string): string {
  if (!isGenericMessage(message)) return message;
  // The field itself (the last name of the path), never a list that holds it ("produits").
  const key = [...path].reverse().find((k) => typeof k === 'string') as string | undefined;
  const label = key ? FIELD_LABELS[key] : undefined;
  return `${label ?? 'Une valeur saisie'} : ${message.charAt(0).toLowerCase()}${message.slice(1)}.`;
}

/** The field texts of shared/schemas/common.ts: each rule's words, word for word as the forms and the API show them. */
export const COMMON_SCHEMA_MSG = {
  motPasseRequis: 'Mot de passe requis',
  motPasseMalForme: 'Mot de passe mal formé (SHA-256 attendu)',
  identifiantInvalide: 'Identifiant invalide',
  requise: (label: string | number) => `${label} requise`,
  invalide: (label: string | number) => `${label} invalide`,
  date: 'Date',
  dateInvalideFormatAaaa: 'Date invalide : format AAAA-MM-JJ attendu',
  dateInvalideCeJour: "Date invalide : ce jour n'existe pas",
  nombre: (label: string | number) => `${label} doit être un nombre`,
  montantEntierFcfa: (label: string | number) => `${label} doit être un montant entier en FCFA`,
  depasser: (label: string | number, v: string | number) => `${label} ne doit pas dépasser ${v}`,
  nombreEntier: (label: string | number) => `${label} doit être un nombre entier`,
  moins: (label: string | number, v: string | number) => `${label} doit être au moins ${v}`,
  plus3Decimales: (label: string | number) => `${label} : au plus 3 décimales`,
  adresseEmailInvalide: 'Adresse email invalide',
  identifiant: 'Identifiant',
  requis: (label: string | number) => `${label} requis`,
};
