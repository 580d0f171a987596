// The public screens validate with shared/schemas/rules.ts (no zod in the browser there); the
// server validates the same fields with the zod schemas. Both must accept and refuse the same values.
import { describe, expect, it } from 'vitest';
import { otpCode, signupSchema } from '@shared/schemas/acces';
import { email, unwrap } from '@shared/schemas/common';
import { emailError, otpError, phoneTextError, textError } from '@shared/schemas/rules';
import { validateLogin, validateSignup } from '../../web/src/features/acces/validation';
import { signupPhoneError } from '../../web/src/features/acces/signup-phone';

const EMAILS = [
  'a@b.sn',
  'A.B@Ferme.SN',
  ' awa@ferme.sn ',
  'a@b',
  'a@@b.sn',
  '.a@b.sn',
  'a..b@c.sn',
  "o'neil@x.co",
  'a+b@x-y.com',
  '',
  'x'.repeat(250) + '@b.sn',
  'a@b.c',
  'é@b.sn',
];
const PHONES = [
  '771234567',
  '0',
  '0771',
  '77a12',
  '',
  ' 771234567 ',
  '1'.repeat(31),
  '+221771234567',
  '77 123 45 67',
  '0707070707',
  '+225 07 07 07 07 07',
  '00221 77-123-45-67',
  '12',
  '+33 6 12 34 56 78',
];
const PAYS = ['Senegal', "Cote d'Ivoire", 'Togo'];
const CODES = ['1234', '123', '12345', 'abcd', '', ' 1234'];

describe('public form rules agree with the server schemas', () => {
  it.each(EMAILS)('e-mail %j', (v) => {
    expect(emailError(v) === null).toBe(email.safeParse(v).success);
  });
  // The sign-up screen checks how the number is written at once, then the country's plan once the
  // rule's chunk has arrived: both together accept exactly what the server's schema accepts.
  const base = { prenom: 'Awa', nom: 'Diop', email: 'awa@ferme.sn', password: 'a'.repeat(64), entreprise: 'Ferme' };
  it.each(PHONES.flatMap((t) => PAYS.map((p) => [t, p])))('telephone %j in %s', (telephone, pays) => {
    const screen = (phoneTextError(telephone) ?? signupPhoneError(telephone, pays)) === null;
    const server = signupSchema.safeParse({ ...base, telephone, pays });
    expect(screen).toBe(server.success);
    if (!server.success)
      expect(validateSignup({ ...base, password: 'abcd', rpassword: 'abcd', telephone, pays }, signupPhoneError).telephone).toBe(
        server.error.issues[0].message,
      );
  });
  it.each(CODES)('recovery code %j', (v) => {
    expect(otpError(v) === null).toBe(otpCode.safeParse(v).success);
  });
  it.each(['', '   ', 'Awa', 'x'.repeat(80), 'x'.repeat(81)])('first name %j', (v) => {
    expect(textError(v, 'Prénom', 80) === null).toBe(unwrap(signupSchema)._zod.def.in.shape.prenom.safeParse(v).success);
  });

  it('gives the messages of the spec and of the server', () => {
    expect(validateLogin({ email: 'x', password: '' })).toEqual({ email: 'Adresse email invalide', password: 'Mot de passe requis' });
    const s = validateSignup(
      { prenom: '', nom: 'N', entreprise: 'E', pays: 'Senegal', telephone: '07', email: 'a@b.sn', password: 'abc', rpassword: 'abd' },
      signupPhoneError,
    );
    expect(s.prenom).toBe('Prénom requis');
    expect(s.telephone).toBe('Numéro de téléphone invalide pour le Sénégal : 9 chiffres, par ex. 77 123 45 67.');
    // before the rule's chunk has arrived, only how the number is written
    expect(
      validateSignup({ prenom: 'P', nom: 'N', entreprise: 'E', pays: 'Senegal', telephone: '07', email: 'a@b.sn', password: 'abcd', rpassword: 'abcd' })
        .telephone,
    ).toBeNull();
    expect(s.password).toBe('Au moins 4 caractères');
    expect(s.rpassword).toBe('Les mots de passe ne sont pas identiques');
  });
});

describe('an empty e-mail field', () => {
  it('is required, not « invalide », on the screen and on the server', () => {
    expect(validateLogin({ email: '', password: 'x' }).email).toBe('Email requis');
    expect(emailError('   ')).toBe('Email requis');
    const server = email.safeParse('');
    expect(server.success).toBe(false);
    expect(server.error!.issues[0].message).toBe('Email requis');
    expect(email.safeParse('pas-un-email').error!.issues[0].message).toBe('Adresse email invalide');
  });
});
