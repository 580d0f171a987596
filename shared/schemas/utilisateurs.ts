// Users and rights (spec part 2 §3, §5, §7: api/user*), used by the user form, the handlers and the tests.
import { z, email, idParam, refId, sha256Hex, requiredText, telephone } from './common';
import { RIGHT_CODES, USER_ROLES, type RightCode, type UserRole } from '../rights';
import { UTILISATEURS_SCHEMA_MSG } from '../messages/utilisateurs';

/** One line of the rights table: a feature code and 'r' (granted) or '' (not granted). */
const droitLine = z.lazy(() =>
  z.object({
    code_fonct: z.enum(RIGHT_CODES, { error: UTILISATEURS_SCHEMA_MSG.fonctionnaliteInconnue }),
    droit: z.enum(['r', ''], { error: UTILISATEURS_SCHEMA_MSG.droitInvalideAttenduR }),
  }),
);

const userFields = {
  prenom: requiredText(UTILISATEURS_SCHEMA_MSG.prenom, 80),
  nom: requiredText(UTILISATEURS_SCHEMA_MSG.nom, 80),
  telephone,
  email,
  role: z.enum(USER_ROLES, { error: UTILISATEURS_SCHEMA_MSG.roleInvalideVendeurProduction }),
  /**
   * SHA-256 of the password. Optional at creation: without one the server makes a temporary
   * password and mails it (docs/decisions.md). Ignored by updateUser (a user changes their own).
   */
  password: z.nullable(z.optional(sha256Hex)),
  /** The vendeur's shop; ignored for other roles. */
  id_boutique: z.nullable(z.optional(refId(UTILISATEURS_SCHEMA_MSG.boutique))),
  droit: z._default(z.array(droitLine).check(z.maxLength(RIGHT_CODES.length * 2, { error: UTILISATEURS_SCHEMA_MSG.tropDroits })), []),
};

/** POST api/user/create. */
export const createUserSchema = z.lazy(() => z.object(userFields));
export type CreateUserInput = z.input<typeof createUserSchema>;

/** POST api/user/updateUser: the same shape and the user's id. */
export const updateUserSchema = z.lazy(() =>
  z.object({
    id: refId(UTILISATEURS_SCHEMA_MSG.utilisateur),
    ...userFields,
    /** Ours: false disables the account (no login, every session ends); absent keeps it as it is. */
    actif: z.optional(z.boolean({ error: UTILISATEURS_SCHEMA_MSG.actifInvalideTrueFalse })),
  }),
);
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userIdParams = z.lazy(() => z.object({ id: idParam }));

export interface Fonctionnalite {
  id: number;
  code: RightCode;
  nom: string;
  /** Whether the caller may grant it (a user never grants a right they do not hold). */
  accordable: boolean;
}

export interface UserFonct {
  id_fonct: number;
  code_fonct: RightCode;
  droit: 'r' | '';
}

export interface UserView {
  id: number;
  prenom: string;
  nom: string;
  email: string;
  telephone: string | null;
  role: UserRole | 'super_admin';
  id_boutique: number | null;
  user_foncts: UserFonct[];
  /** False: disabled (cannot sign in). */
  actif: boolean;
}

/** GET api/user/{id}. */
export interface UserDetailResponse {
  user: UserView;
  boutique: { id: number; nom: string } | null;
}

export interface SaveUserResponse {
  code: 200;
  message: string;
  user: UserView;
}
