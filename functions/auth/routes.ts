// Access and account routes (spec part 1 §2, §4, §7, §8): thin functions over the repositories.
import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import { MSG } from '../../shared/messages';
import type {
  checkOtpSchema,
  initRecoverySchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '../../shared/schemas/auth';
import { config } from '../lib/config';
import { AppError, badRequest, refused, unauthorized } from '../lib/errors';
import { Reply, type RouteContext, type PublicRouteContext } from '../lib/http';
import { sendMail } from '../lib/mail';
import { hashCode, hashPassword, sameHash, verifyPassword } from '../lib/password';
import { nextGlobalId } from '../lib/repo/counters';
import { revokeToken } from '../lib/repo/sessions';
import {
  clearLoginFailures,
  findEmailLock,
  getUser,
  recordLoginFailure,
  setPasswordHash,
  toPublicUser,
  updateNames,
  type UserItem,
} from '../lib/repo/users';
import { secretText, signToken } from '../lib/tokens';
import { countOtpAttempt, createBusiness, getOtp, putOtp, resetPasswordWithOtp } from './repository';

/** Failed logins before the account is locked, and for how long. */
export const MAX_LOGIN_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** Wrong guesses a recovery code survives, and how long it lives. */
export const MAX_OTP_ATTEMPTS = 5;
export const OTP_MINUTES = 15;

function xsrfCookie(): string {
  const value = randomBytes(24).toString('base64url');
  // Readable by the SPA on purpose (double-submit): it copies it into X-XSRF-TOKEN.
  return `XSRF-TOKEN=${value}; Path=/; SameSite=Strict${config().secureCookies ? '; Secure' : ''}`;
}

export async function inscription(ctx: PublicRouteContext<z.infer<typeof signupSchema>>) {
  const b = ctx.body;
  if (await findEmailLock(b.email)) throw refused(421, MSG.emailUsed);
  const tenantId = await nextGlobalId('ENTREPRISE');
  const now = new Date();
  const admin: UserItem = {
    id: 1,
    tenantId,
    prenom: b.prenom,
    nom: b.nom,
    email: b.email,
    telephone: b.telephone,
    role: 'admin',
    droits: {},
    passwordHash: await hashPassword(b.password),
    entreprise: b.entreprise,
    idBoutique: null,
    actif: true,
    createdAt: now.toISOString(),
  };
  const trialEnd = new Date(now.getTime() + config().trialDays * 86400_000);
  const created = await createBusiness(
    { id: tenantId, nom: b.entreprise, pays: b.pays, telephone: b.telephone, createdAt: now.toISOString() },
    admin,
    { plan: 'db1', validUntil: trialEnd.toISOString(), trial: true },
  );
  if (!created) throw refused(421, MSG.emailUsed);
  return { code: 200, message: MSG.signupDone };
}

export async function login(ctx: PublicRouteContext<z.infer<typeof loginSchema>>) {
  const { username, password } = ctx.body;
  const lock = await findEmailLock(username);
  const user = lock ? await getUser(lock.tenantId, lock.userId) : null;
  if (!user || user.actif === false) throw unauthorized(MSG.loginFailed);
  if (user.lockedUntil && new Date(user.lockedUntil).getTime() > Date.now()) throw new AppError(429, MSG.loginLocked);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordLoginFailure(user, MAX_LOGIN_FAILURES, new Date(Date.now() + LOCK_MINUTES * 60_000));
    throw unauthorized(MSG.loginFailed);
  }
  if (user.failedLogins || user.lockedUntil) await clearLoginFailures(user);
  const { token } = await signToken({ userId: user.id, tenantId: user.tenantId, role: user.role });
  return new Reply(200, { token, user: toPublicUser(user) }, [xsrfCookie()]);
}

export async function checkToken() {
  return { code: 200 };
}

export async function logout(ctx: RouteContext) {
  await revokeToken(ctx.auth.jti, ctx.auth.exp);
  return { code: 200 };
}

export async function updatePassword(ctx: RouteContext<z.infer<typeof updatePasswordSchema>>) {
  const user = ctx.auth.user;
  if (!(await verifyPassword(ctx.body.old_password, user.passwordHash))) throw badRequest(MSG.oldPasswordWrong);
  await setPasswordHash(user, await hashPassword(ctx.body.new_password));
  return { code: 200, message: MSG.passwordUpdated };
}

export async function updateProfile(ctx: RouteContext<z.infer<typeof updateProfileSchema>>) {
  const user = ctx.auth.user;
  // The profile form shows the e-mail read-only: it is the login name and is not changed here.
  if (ctx.body.email !== user.email) throw badRequest("L'adresse email ne peut pas être modifiée ici.");
  const updated = await updateNames(user, ctx.body.prenom, ctx.body.nom);
  return { code: 200, message: MSG.profileUpdated, user: toPublicUser(updated) };
}

export async function initRecoveryPassword(ctx: PublicRouteContext<z.infer<typeof initRecoverySchema>>) {
  const { email } = ctx.body;
  const lock = await findEmailLock(email);
  if (!lock) throw refused(404, MSG.noAccountForEmail);
  const code = String(randomInt(0, 10000)).padStart(4, '0');
  await putOtp(email, {
    codeHash: hashCode(code, await secretText()),
    attempts: 0,
    expiresAt: Math.floor(Date.now() / 1000) + OTP_MINUTES * 60,
  });
  await sendMail({
    to: email,
    subject: 'Ganaar : code de réinitialisation du mot de passe',
    text:
      `Bonjour,\n\nVotre code de réinitialisation est : ${code}\n\n` +
      `Il est valable ${OTP_MINUTES} minutes. Si vous n'avez rien demandé, ignorez ce message.\n\nGanaar`,
  });
  return { code: 200 };
}

async function checkCode(email: string, code: string): Promise<string> {
  const otp = await getOtp(email);
  const now = Math.floor(Date.now() / 1000);
  // TTL deletion is lazy: an expired item may still be read, so the expiry is checked here too.
  if (!otp || otp.expiresAt <= now || otp.attempts >= MAX_OTP_ATTEMPTS) throw badRequest(MSG.otpInvalid);
  const h = hashCode(code, await secretText());
  if (!sameHash(h, otp.codeHash)) {
    await countOtpAttempt(email, MAX_OTP_ATTEMPTS);
    throw badRequest(MSG.otpInvalid);
  }
  return h;
}

export async function checkPasswordOtp(ctx: PublicRouteContext<z.infer<typeof checkOtpSchema>>) {
  await checkCode(ctx.body.email, ctx.body.code);
  return { code: 200 };
}

export async function resetPassword(ctx: PublicRouteContext<z.infer<typeof resetPasswordSchema>>) {
  const { email, code, password } = ctx.body;
  const codeHash = await checkCode(email, code);
  const lock = await findEmailLock(email);
  if (!lock) throw badRequest(MSG.otpInvalid);
  const ok = await resetPasswordWithOtp({ tenantId: lock.tenantId, id: lock.userId }, email, codeHash, MAX_OTP_ATTEMPTS, await hashPassword(password));
  if (!ok) throw badRequest(MSG.otpInvalid);
  return { code: 200, message: MSG.passwordUpdated };
}
