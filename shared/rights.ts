// Rights codes (part 2 §6) and the shell menu (part 1 §2). A right is granted as 'r' or ''.
export const RIGHT_CODES = ['dashboardav', 'bandav', 'clav', 'prav', 'commav', 'remav', 'boutav', 'ventav', 'abatav', 'utav'] as const;
export type RightCode = (typeof RIGHT_CODES)[number];

export type Role = 'super_admin' | 'admin' | 'vendeur' | 'production';

/** Roles that hold every right without a per-feature grant. */
const ALL_RIGHTS_ROLES: readonly Role[] = ['admin', 'super_admin'];

export type Rights = Partial<Record<RightCode, 'r' | ''>>;

export function hasRight(role: Role, rights: Rights | undefined, code: RightCode): boolean {
  if (ALL_RIGHTS_ROLES.includes(role)) return true;
  return rights?.[code] === 'r';
}

/** `bandav:r` → `bandav`; anything else → null. */
export function parseDroitHeader(value: string | undefined): RightCode | null {
  if (!value) return null;
  const [code, level] = value.split(':');
  if (level !== 'r') return null;
  return (RIGHT_CODES as readonly string[]).includes(code) ? (code as RightCode) : null;
}

/**
 * The features a business owner grants (part 2 §6, `api/user/fonctionnalites`): one checkbox each
 * on the user form. Ids are fixed (the position in RIGHT_CODES + 1); the names say what the right
 * opens, in the menu's words (docs/decisions.md, "Users and rights").
 */
export const FEATURES_LIST: readonly { id: number; code: RightCode; nom: string }[] = [
  { id: 1, code: 'dashboardav', nom: 'Accueil (tableau de bord)' },
  { id: 2, code: 'bandav', nom: 'Bandes' },
  { id: 3, code: 'clav', nom: 'Clients' },
  { id: 4, code: 'prav', nom: 'Produits et e-commerce' },
  { id: 5, code: 'commav', nom: 'Commandes' },
  { id: 6, code: 'remav', nom: 'Remboursement' },
  { id: 7, code: 'boutav', nom: 'Boutiques' },
  { id: 8, code: 'ventav', nom: 'Vente' },
  { id: 9, code: 'abatav', nom: 'Abattage' },
  { id: 10, code: 'utav', nom: 'Utilisateurs et paiement' },
];

/** Roles a business user may be given (super_admin is the operator's, never given). */
export const USER_ROLES = ['vendeur', 'production', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The rights a user effectively holds (every right for admin and super_admin). */
export function heldRights(role: Role, rights: Rights | undefined): RightCode[] {
  return RIGHT_CODES.filter((c) => hasRight(role, rights, c));
}

/**
 * Whether `actor` may give a user `role` with `rights`: never a right or a role the actor does not
 * hold (an admin role holds every right, so only an admin gives it).
 */
export function canGrant(actor: { role: Role; rights: Rights | undefined }, role: Role, rights: Rights | undefined): boolean {
  if (role === 'super_admin') return false;
  const mine = new Set(heldRights(actor.role, actor.rights));
  if (ALL_RIGHTS_ROLES.includes(role)) return ALL_RIGHTS_ROLES.includes(actor.role);
  return heldRights(role, rights).every((c) => mine.has(c));
}
