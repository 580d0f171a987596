// Users and rights (spec part 2 §2, §5, §6, §7, §8): the menu's permission check, the user list,
// one user with their shop, the features, creation and update. Rights are read from the stored
// user on every request (functions/lib/http/), so a change applies to the user's next call.
import { createHash, randomInt } from 'node:crypto';
import type { z } from '@shared/schemas/common';
import { canGrant, FEATURES_LIST, hasRight, parseDroitHeader, RIGHT_CODES, type Rights, type Role } from '@shared/rights';
import type { createUserSchema, Fonctionnalite, UserDetailResponse, UserView, updateUserSchema } from '@shared/schemas/utilisateurs';
import { UTILISATEUR_MSG } from '@shared/messages/utilisateurs';
import { effectivePlan } from '@shared/plans';
import { badRequest, forbidden, notFound, refused } from '../lib/errors';
import type { RouteContext } from '../lib/http';
import { sendMail } from '../lib/mail';
import { hashPassword } from '../lib/password';
import { findEmailLock, getUser as readUser, listUsers as readUsers, type UserItem } from '../lib/repo/utilisateurs';
import { getSubscription } from '../lib/repo/subscriptions';
import { nowIso } from '../lib/store';
import { refuseWith, staleRead, transactOrRefuse, untilWritten } from '../lib/refusal';
import { getBoutique, listBoutiques } from '../boutiques/public';
import { newUserItems, updateUserItems, userCount } from './repository';
import { getEntreprise as readEntreprise } from '../lib/repo/entreprises';
import { businessCountry, phoneOrRefuse } from '../lib/phone';
import { businessPhoneCountry } from '@shared/phone';

/** Answers whether the signed-in user holds the right named in the `droit` header (e.g. `bandav:r`). */
export async function checkPermission(ctx: RouteContext) {
  const code = parseDroitHeader(ctx.headers['droit']);
  // A developer's mistake, never a user's (the SPA always sends the header): it names the header
  // and its syntax, which the catalogue's rules refuse in a user's text (tests/unit/french-text.test.ts).
  if (!code) throw badRequest('En-tête « droit » manquant ou invalide (attendu : code:r, par exemple bandav:r).');
  // Beside the spec's answer for the right asked, every right the stored user holds: the SPA's menu
  // needs them all at sign-in, and one call instead of one per menu entry is what a phone on 3G
  // feels (docs/decisions.md, "Offline use"). They are the caller's own rights, nothing more.
  return {
    status: hasRight(ctx.auth.role, ctx.auth.rights, code) ? 'yes' : 'no',
    droits: RIGHT_CODES.filter((c) => hasRight(ctx.auth.role, ctx.auth.rights, c)),
  };
}

function rightsOf(role: Role, droits: Rights | undefined): Rights {
  const out: Rights = {};
  for (const c of RIGHT_CODES) out[c] = hasRight(role, droits, c) ? 'r' : '';
  return out;
}

function toView(u: UserItem): UserView {
  const rights = rightsOf(u.role, u.droits);
  return {
    id: u.id,
    prenom: u.prenom,
    nom: u.nom,
    email: u.email,
    telephone: u.telephone ?? null,
    role: u.role as UserView['role'],
    id_boutique: u.role === 'vendeur' ? (u.idBoutique ?? null) : null,
    user_foncts: FEATURES_LIST.map((f) => ({ id_fonct: f.id, code_fonct: f.code, droit: rights[f.code] ?? '' })),
    actif: u.actif !== false,
  };
}

const actorOf = (ctx: RouteContext) => ({ role: ctx.auth.role, rights: ctx.auth.rights });

export async function listUtilisateurs(ctx: RouteContext): Promise<UserView[]> {
  return (await readUsers(ctx.auth.tenantId)).sort((a, b) => a.id - b.id).map(toView);
}

export async function getUtilisateur(ctx: RouteContext<unknown, { id: number }>): Promise<UserDetailResponse> {
  const u = await readUser(ctx.auth.tenantId, ctx.params.id);
  if (!u) throw notFound(UTILISATEUR_MSG.notFound);
  const b = u.role === 'vendeur' && u.idBoutique ? await getBoutique(ctx.auth.tenantId, Number(u.idBoutique)) : null;
  return { user: toView(u), boutique: b ? { id: b.id, nom: b.nom } : null };
}

export async function listFonctionnalites(ctx: RouteContext): Promise<Fonctionnalite[]> {
  return FEATURES_LIST.map((f) => ({ ...f, accordable: hasRight(ctx.auth.role, ctx.auth.rights, f.code) }));
}

type UserBody = z.output<typeof createUserSchema>;

/** The rights of the form's table (the last line of a code wins); an admin holds them all. */
function droitsOf(body: UserBody): Rights {
  const out: Rights = {};
  for (const line of body.droit) out[line.code_fonct] = line.droit;
  return out;
}

/** The vendeur's shop must be one of the business's; other roles have none. */
async function boutiqueFor(tenantId: number, body: UserBody): Promise<number | null> {
  if (body.role !== 'vendeur' || !body.id_boutique) return null;
  if (!(await getBoutique(tenantId, body.id_boutique))) throw notFound(UTILISATEUR_MSG.boutiqueNotFound);
  return body.id_boutique;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A temporary password when the form leaves it empty (never a shared default: docs/decisions.md). */
function temporaryPassword(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export async function createUtilisateur(ctx: RouteContext<UserBody>) {
  const t = ctx.auth.tenantId;
  // The phone rule (shared/phone.ts) in the business's country; stored in E.164.
  const body = { ...ctx.body, telephone: phoneOrRefuse(ctx.body.telephone, await businessCountry(t)) };
  const droits = body.role === 'admin' ? rightsOf('admin', {}) : droitsOf(body);
  if (!canGrant(actorOf(ctx), body.role, droits)) throw forbidden(UTILISATEUR_MSG.escalation);
  const idBoutique = await boutiqueFor(t, body);
  if (await findEmailLock(body.email)) throw refused(412, UTILISATEUR_MSG.exists);
  const max = effectivePlan(await getSubscription(t)).maxUsers;
  const temporary = body.password ? null : temporaryPassword();
  const passwordHash = await hashPassword(body.password ?? sha256(temporary!));
  // Another creation took this id: count again.
  const user = await untilWritten(
    async () => {
      const count = await userCount(t);
      if (count >= max) throw refused(422, UTILISATEUR_MSG.limit);
      const user: UserItem = {
        id: count + 1,
        tenantId: t,
        prenom: body.prenom,
        nom: body.nom,
        email: body.email,
        telephone: body.telephone,
        role: body.role,
        droits,
        passwordHash,
        entreprise: ctx.auth.user.entreprise,
        idBoutique,
        actif: true,
        createdAt: nowIso(),
      };
      const items = newUserItems(user, count);
      await transactOrRefuse([refuseWith(staleRead(), items.counter), refuseWith(refused(412, UTILISATEUR_MSG.exists), items.emailLock), items.user]);
      return user;
    },
    6,
    () => refused(409, UTILISATEUR_MSG.addFailed),
  );
  await sendMail(welcomeMail(user, ctx.auth.user, temporary));
  return { code: 200, message: UTILISATEUR_MSG.added, user: toView(user) };
}

function welcomeMail(user: UserItem, by: UserItem, temporary: string | null) {
  return { to: user.email, ...UTILISATEUR_MSG.welcomeMail(user, by, temporary) };
}

export async function updateUtilisateur(ctx: RouteContext<z.output<typeof updateUserSchema>>) {
  const t = ctx.auth.tenantId;
  const body = { ...ctx.body, telephone: phoneOrRefuse(ctx.body.telephone, await businessCountry(t)) };
  const before = await readUser(t, body.id);
  if (!before || before.role === 'super_admin') throw notFound(UTILISATEUR_MSG.notFound);
  const actor = actorOf(ctx);
  // Never edit someone holding more than oneself (an admin, or rights one lacks), never give more.
  if (!canGrant(actor, before.role, before.droits)) throw forbidden(UTILISATEUR_MSG.tooPowerful);
  const droits = body.role === 'admin' ? rightsOf('admin', {}) : droitsOf(body);
  if (!canGrant(actor, body.role, droits)) throw forbidden(UTILISATEUR_MSG.escalation);
  const idBoutique = await boutiqueFor(t, body);
  const self = before.id === ctx.auth.userId;
  const emailChanged = body.email !== before.email;
  // Whoever controls an address controls its account (password recovery): only an administrator
  // may move someone else's account to another address, never a peer holding the users right.
  if (emailChanged && !self && ctx.auth.role !== 'admin' && ctx.auth.role !== 'super_admin') throw forbidden(UTILISATEUR_MSG.emailAdminOnly);
  const wasActive = before.actif !== false;
  const actif = body.actif ?? wasActive;
  if (!actif && self) throw badRequest(UTILISATEUR_MSG.disableSelf);
  if (emailChanged && (await findEmailLock(body.email))) throw refused(412, UTILISATEUR_MSG.exists);
  let keepAdmin: UserItem | null = null;
  if (before.role === 'admin' && (body.role !== 'admin' || !actif)) {
    keepAdmin = (await readUsers(t)).find((u) => u.id !== before.id && u.role === 'admin' && u.actif !== false) ?? null;
    if (!keepAdmin) throw badRequest(UTILISATEUR_MSG.lastAdmin);
  }
  // A new address or a disabled account: every session of that user ends (the editing one
  // survives when users change their own address).
  const endSessions = emailChanged || (wasActive && !actif) ? { keptJti: self ? ctx.auth.jti : null } : undefined;
  const next = { prenom: body.prenom, nom: body.nom, telephone: body.telephone, email: body.email, role: body.role, droits, idBoutique, actif, endSessions };
  const items = updateUserItems(before, next, keepAdmin);
  const lastAdmin = badRequest(UTILISATEUR_MSG.lastAdmin);
  await transactOrRefuse([
    refuseWith(refused(409, UTILISATEUR_MSG.updateFailed), items.user),
    ...(items.emailMove
      ? [
          refuseWith(refused(412, UTILISATEUR_MSG.exists), items.emailMove.lock),
          keepAdmin ? refuseWith(lastAdmin, items.emailMove.unlock) : items.emailMove.unlock,
        ]
      : []),
    ...(items.keepAdmin ? [refuseWith(lastAdmin, items.keepAdmin)] : []),
  ]);
  // The old address hears of the change: an owner whose address was moved by someone else knows.
  if (emailChanged) await sendMail({ to: before.email, ...UTILISATEUR_MSG.emailChangedMail(body.email) });
  const { endSessions: _ended, ...stored } = next;
  return { code: 200, message: UTILISATEUR_MSG.updated, user: toView({ ...before, ...stored }) };
}

/** `GET /api/entreprise`: what a receipt or an invoice prints at its top (any signed-in user of the business). */
export async function getEntreprise(ctx: RouteContext) {
  const t = ctx.auth.tenantId;
  const [e, boutiques] = await Promise.all([readEntreprise(t), listBoutiques(t)]);
  return {
    nom: e?.nom ?? '',
    telephone: e?.telephone ?? '',
    pays: e?.pays ?? '',
    // Beside the spec's fields: the country of the business's numbers written without a code
    // (shared/phone.ts), which the forms validate with and the lists format with.
    pays_tel: businessPhoneCountry(e?.pays, e?.telephone),
    boutiques: boutiques.map((b) => ({ id: b.id, nom: b.nom, adresse: b.adresse ?? '' })),
  };
}
