// The public screens validate with shared/schemas/rules.ts (no zod in the browser there); the
// server validates the same fields with the zod schemas. Both must accept and refuse the same values.
import { describe, expect, it } from 'vitest';
import { otpCode, signupSchema } from '../../shared/schemas/auth';
import { email } from '../../shared/schemas/common';
import { emailError, otpError, phoneError, textError } from '../../shared/schemas/rules';
import { validateLogin, validateSignup } from '../../web/src/features/auth/validation';

const EMAILS = ['a@b.sn', 'A.B@Ferme.SN', ' awa@ferme.sn ', 'a@b', 'a@@b.sn', '.a@b.sn', 'a..b@c.sn', "o'neil@x.co", 'a+b@x-y.com', '', 'x'.repeat(250) + '@b.sn', 'a@b.c', 'é@b.sn'];
const PHONES = ['771234567', '0', '0771', '77a12', '', ' 771234567 ', '1'.repeat(21), '+221771234567'];
const CODES = ['1234', '123', '12345', 'abcd', '', ' 1234'];

describe('public form rules agree with the server schemas', () => {
  it.each(EMAILS)('e-mail %j', (v) => {
    expect(emailError(v) === null).toBe(email.safeParse(v).success);
  });
  it.each(PHONES)('telephone %j', (v) => {
    expect(phoneError(v) === null).toBe(signupSchema.unwrap().shape.telephone.safeParse(v).success);
  });
  it.each(CODES)('recovery code %j', (v) => {
    expect(otpError(v) === null).toBe(otpCode.safeParse(v).success);
  });
  it.each(['', '   ', 'Awa', 'x'.repeat(80), 'x'.repeat(81)])('first name %j', (v) => {
    expect(textError(v, 'Prénom', 80) === null).toBe(signupSchema.unwrap().shape.prenom.safeParse(v).success);
  });

  it('gives the messages of the spec and of the server', () => {
    expect(validateLogin({ email: 'x', password: '' })).toEqual({ email: 'Adresse email invalide', password: 'Mot de passe requis' });
    const s = validateSignup({ prenom: '', nom: 'N', entreprise: 'E', pays: 'Senegal', telephone: '07', email: 'a@b.sn', password: 'abc', rpassword: 'abd' });
    expect(s.prenom).toBe('Prénom requis');
    expect(s.telephone).toBe('Le téléphone ne doit contenir que des chiffres');
    expect(s.password).toBe('Au moins 4 caractères');
    expect(s.rpassword).toBe('Les mots de passe ne sont pas identiques');
  });
});
