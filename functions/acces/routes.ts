// Access and account routes (spec part 1 §2, §4, §7, §8): thin functions over the repositories.
import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod/mini';
import { MSG } from '@shared/messages/acces';
import type {
  checkOtpSchema,
  initRecoverySchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '@shared/schemas/acces';
import { config } from '../lib/config';
import { AppError, badRequest, concurrentChange, refused, unauthorized } from '../lib/errors';
import { untilWritten } from '../lib/refusal';
import { Reply, type RouteContext, type PublicRouteContext } from '../lib/http';
import { sendMail } from '../lib/mail';
import { dummyPasswordHash, hashCode, hashPassword, sameHash, verifyPassword } from '../lib/password';
import { globalIdClaim } from '../lib/repo/counters';
import { revokeToken } from '../lib/repo/sessions';
import { findEmailLock, getUser, setPasswordHash, toPublicUser, updateNames, type UserItem } from '../lib/repo/utilisateurs';
import { secretText, signToken } from '../lib/tokens';
import { attemptsExhausted, clearAttempts, refundAttempt, reserveAttempt, type AttemptBudget } from '../lib/attempts';
import { enforceRateLimit, type RateLimit } from '../lib/rate-limit';
import { createBusiness, issueOtp, refundOtpTry, reserveOtpTry, resetPasswordWithOtp } from './repository';

// ── Limits of the access routes (docs/decisions.md, "Security hardening") ──
/**
 * Login: 5 guesses per address AND client IP per 15 minutes. The lock is per pair, so a stranger
 * guessing from elsewhere never locks the real user out; guesses are reserved before the password
 * is checked, so parallel guesses cannot get more evaluated.
 */
export const LOGIN_PER_ADDRESS_IP: AttemptBudget = { name: 'login', max: 5, windowSeconds: 15 * 60 };
/** Login: 100 wrong guesses per address per hour from all IPs together, against guessing spread over many IPs. */
export const LOGIN_PER_ADDRESS: AttemptBudget = { name: 'login-address', max: 100, windowSeconds: 60 * 60 };
/** Wrong guesses a recovery code survives, and how long it lives. */
export const MAX_OTP_ATTEMPTS = 5;
export const OTP_MINUTES = 15;
/** Recovery codes mailed: 3 per address and 20 per client IP per 15 minutes. */
export const RECOVERY_PER_ADDRESS: RateLimit = { name: 'recovery-email', limit: 3, windowSeconds: 15 * 60 };
export const RECOVERY_PER_IP: RateLimit = { name: 'recovery-ip', limit: 20, windowSeconds: 15 * 60 };
/** Wrong recovery codes per address per 24 hours, all codes together; then recovery is locked for that address. */
export const RECOVERY_GUESSES: AttemptBudget = { name: 'recovery-guess', max: 10, windowSeconds: 24 * 60 * 60 };
/** Wrong old passwords on a password change: 5 per user per 15 minutes. */
export const PASSWORD_CHANGE: AttemptBudget = { name: 'password-change', max: 5, windowSeconds: 15 * 60 };

const tooMany = (message: string) => new AppError(429, message);

function xsrfCookie(): string {
  const value = randomBytes(24).toString('base64url');
  // Readable by the SPA on purpose (double-submit): it copies it into X-XSRF-TOKEN.
  return `XSRF-TOKEN=${value}; Path=/; SameSite=Strict${config().secureCookies ? '; Secure' : ''}`;
}

export async function signup(ctx: PublicRouteContext<z.infer<typeof signupSchema>>) {
  const b = ctx.body;
  if (await findEmailLock(b.email)) throw refused(421, MSG.emailUsed);
  const now = new Date();
  const passwordHash = await hashPassword(b.password);
  const trialEnd = new Date(now.getTime() + config().trialDays * 86400_000);
  // The business's id is claimed in the sign-up's own transaction: a sign-up refused there (its
  // address taken by a sign-up racing it) moves no counter; one that lost the id claims again.
  const created = await untilWritten(
    async () => {
      const claim = await globalIdClaim('ENTREPRISE');
      const tenantId = claim.id;
      const admin: UserItem = {
        id: 1,
        tenantId,
        prenom: b.prenom,
        nom: b.nom,
        email: b.email,
        telephone: b.telephone,
        role: 'admin',
        droits: {},
        passwordHash,
        entreprise: b.entreprise,
        idBoutique: null,
        actif: true,
        createdAt: now.toISOString(),
      };
      const sub = { plan: 'db1' as const, validUntil: trialEnd.toISOString(), trial: true, origine: 'essai' as const };
      return createBusiness({ id: tenantId, nom: b.entreprise, pays: b.pays, telephone: b.telephone, createdAt: now.toISOString() }, admin, sub, claim.item);
    },
    30,
    concurrentChange,
  );
  if (!created) throw refused(421, MSG.emailUsed);
  return { code: 200, message: MSG.signupDone };
}

export async function login(ctx: PublicRouteContext<z.infer<typeof loginSchema>>) {
  const { username, password } = ctx.body;
  const pair = `${username} ${ctx.sourceIp}`;
  if (!(await reserveAttempt(LOGIN_PER_ADDRESS_IP, pair)).ok) throw tooMany(MSG.loginLocked);
  if (!(await reserveAttempt(LOGIN_PER_ADDRESS, username)).ok) {
    await refundAttempt(LOGIN_PER_ADDRESS_IP, pair);
    throw tooMany(MSG.loginLocked);
  }
  const lock = await findEmailLock(username);
  const user = lock ? await getUser(lock.tenantId, lock.userId) : null;
  // An unknown address is checked against a dummy verifier: the same scrypt time as a wrong password.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || user.actif === false || !valid) throw unauthorized(MSG.loginFailed);
  await Promise.all([clearAttempts(LOGIN_PER_ADDRESS_IP, pair), refundAttempt(LOGIN_PER_ADDRESS, username)]);
  const { token } = await signToken({ userId: user.id, tenantId: user.tenantId, role: user.role, tokenVersion: user.tokenVersion });
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
  // The old password is a guess like a login's: bounded, so a stolen session cannot find it.
  const subject = `${user.tenantId}:${user.id}`;
  if (!(await reserveAttempt(PASSWORD_CHANGE, subject)).ok) throw tooMany(MSG.passwordChangeLocked);
  if (!(await verifyPassword(ctx.body.old_password, user.passwordHash))) throw badRequest(MSG.oldPasswordWrong);
  await clearAttempts(PASSWORD_CHANGE, subject);
  // Every other session of the user ends; this one (ctx.auth.jti) goes on.
  await setPasswordHash(user, await hashPassword(ctx.body.new_password), ctx.auth.jti);
  return { code: 200, message: MSG.passwordUpdated };
}

export async function updateProfil(ctx: RouteContext<z.infer<typeof updateProfileSchema>>) {
  const user = ctx.auth.user;
  // The profile form shows the e-mail read-only: it is the login name and is not changed here.
  if (ctx.body.email !== user.email) throw badRequest(MSG.emailReadonly);
  const updated = await updateNames(user, ctx.body.prenom, ctx.body.nom);
  return { code: 200, message: MSG.profileUpdated, user: toPublicUser(updated) };
}

export async function initRecoveryPassword(ctx: PublicRouteContext<z.infer<typeof initRecoverySchema>>) {
  const { email } = ctx.body;
  // Limits first, so a refused request sends no mail and reveals nothing.
  await enforceRateLimit(RECOVERY_PER_IP, ctx.sourceIp, MSG.recoveryTooManyRequests);
  await enforceRateLimit(RECOVERY_PER_ADDRESS, email, MSG.recoveryTooManyRequests);
  if (await attemptsExhausted(RECOVERY_GUESSES, email)) throw tooMany(MSG.recoveryLocked);
  const lock = await findEmailLock(email);
  if (!lock) throw refused(404, MSG.noAccountForEmail);
  const code = String(randomInt(0, 10000)).padStart(4, '0');
  const issued = await issueOtp(email, hashCode(code, await secretText()), Math.floor(Date.now() / 1000) + OTP_MINUTES * 60, MAX_OTP_ATTEMPTS);
  if (issued === 'exhausted') throw tooMany(MSG.otpExhausted);
  await sendMail({ to: email, ...MSG.resetMail(code, OTP_MINUTES) });
  return { code: 200 };
}

/**
 * One guess of the recovery code of `email`, counted BEFORE it is compared: a slot of the
 * address's daily budget, then a try of the live code (both conditional writes, so parallel
 * guesses cannot get more compared). A right guess gives both back. Returns the code's hash.
 */
async function checkCode(email: string, code: string): Promise<string> {
  if (!(await reserveAttempt(RECOVERY_GUESSES, email)).ok) throw tooMany(MSG.recoveryLocked);
  const otp = await reserveOtpTry(email, MAX_OTP_ATTEMPTS);
  if (otp.kind !== 'try') {
    // Nothing was compared: the guess does not count against the address.
    await refundAttempt(RECOVERY_GUESSES, email);
    if (otp.kind === 'exhausted') throw tooMany(MSG.otpExhausted);
    throw badRequest(MSG.otpInvalid);
  }
  const h = hashCode(code, await secretText());
  if (!sameHash(h, otp.codeHash)) throw badRequest(MSG.otpInvalid);
  await Promise.all([refundOtpTry(email), refundAttempt(RECOVERY_GUESSES, email)]);
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
  const ok = await resetPasswordWithOtp({ tenantId: lock.tenantId, id: lock.userId }, email, codeHash, await hashPassword(password));
  if (!ok) throw badRequest(MSG.otpInvalid);
  // The user proved who they are from this address: a login lock they ran into here ends too.
  await clearAttempts(LOGIN_PER_ADDRESS_IP, `${email} ${ctx.sourceIp}`);
  return { code: 200, message: MSG.passwordUpdated };
}
