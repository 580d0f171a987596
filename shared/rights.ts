// Rights codes (part 2 §6) and the shell menu (part 1 §2). A right is granted as 'r' or ''.
export const RIGHT_CODES = [
  'dashboardav',
  'bandav',
  'clav',
  'prav',
  'commav',
  'remav',
  'boutav',
  'ventav',
  'abatav',
  'utav',
] as const;
export type RightCode = (typeof RIGHT_CODES)[number];

export const ROLES = ['super_admin', 'admin', 'vendeur', 'production'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that hold every right without a per-feature grant. */
export const ALL_RIGHTS_ROLES: readonly Role[] = ['admin', 'super_admin'];

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
