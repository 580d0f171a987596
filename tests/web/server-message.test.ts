// The one helper that decides what a screen says for a failed call (web/src/lib/http.ts): a
// refusal (4xx but 401) in the server's words, a 401 or a 5xx in the screen's fallback, a lost
// connection in the network's words; the spec's own words for a status it words; a login that
// reveals nothing but its lockout; the fallback before the reason when a screen asks for both.
// Every screen goes through it: eslint.config.js refuses a screen reading an error's message.
import { MSG } from '@shared/messages/acces';
import { ApiError, loadMessage, refusalMessage, serverMessage } from '../../web/src/lib/http';

const refus = new ApiError(409, 'Stock insuffisant.');

describe('serverMessage', () => {
  it("shows a refusal's words, and the fallback for a 401, a 5xx or an error that is not an answer", () => {
    expect(serverMessage(refus, 'Erreur')).toBe('Stock insuffisant.');
    expect(serverMessage(new ApiError(401, 'Session expirée'), 'Erreur')).toBe('Erreur');
    expect(serverMessage(new ApiError(500, 'TypeError: x is undefined'), 'Erreur')).toBe('Erreur');
    expect(serverMessage(new TypeError('x is undefined'), 'Erreur')).toBe('Erreur');
    expect(serverMessage(new ApiError(0, MSG.network), 'Erreur')).toBe(MSG.network);
  });

  it("uses the spec's words for the statuses a screen words, and only the statuses it allows", () => {
    expect(serverMessage(new ApiError(421, 'x'), MSG.signupUnknown, { byStatus: { 421: MSG.emailUsed } })).toBe(MSG.emailUsed);
    expect(serverMessage(new ApiError(403, 'Compte suspendu'), MSG.loginFailed, { only: [429] })).toBe(MSG.loginFailed);
    expect(serverMessage(new ApiError(429, 'Réessayez dans 15 minutes.'), MSG.loginFailed, { only: [429] })).toBe('Réessayez dans 15 minutes.');
  });

  it('puts the fallback before the reason when asked', () => {
    expect(serverMessage(refus, "Échec de l'annulation", { prefixed: true })).toBe("Échec de l'annulation : Stock insuffisant.");
    expect(serverMessage(refus, 'Échec de votre opération.', { prefixed: true })).toBe('Échec de votre opération. Stock insuffisant.');
    expect(serverMessage(new ApiError(503, 'x'), 'Erreur', { prefixed: true })).toBe('Erreur');
  });

  it('reads a failed load and a refusal alone', () => {
    expect(loadMessage(new ApiError(404, 'Bande introuvable.'))).toBe('Bande introuvable.');
    expect(loadMessage(new ApiError(502, '<html>'))).toBe(MSG.serverError);
    expect(refusalMessage(refus)).toBe('Stock insuffisant.');
    expect(refusalMessage(new ApiError(500, 'x'))).toBeNull();
    expect(refusalMessage(null)).toBeNull();
  });
});
