// The single HTTP client: bearer token, droit header, XSRF double-submit header only for mutating
// relative calls, {code, message} errors as ApiError, 401 → session cleared and #/login.
import { ApiError, http, NETWORK_ERROR } from '../../web/src/lib/http';
import { sha256Hex } from '../../web/src/lib/sha256';
import { stubFetch } from './helpers';

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('the call was expected to fail');
}

describe('http client', () => {
  it('sends the stored token as a bearer and the droit header when asked', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    const { calls } = stubFetch({ 'GET api/bande/': { body: [] } });
    await http.get('api/bande/', { droit: 'bandav:r' });
    expect(calls[0].headers.Authorization).toBe('Bearer abc.def.ghi');
    expect(calls[0].headers.droit).toBe('bandav:r');
  });

  it('sends no Authorization header without a token, and no droit header unless given', async () => {
    const { calls } = stubFetch({ 'GET api/checkToken': { body: { code: 200 } } });
    await http.get('api/checkToken');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].headers.droit).toBeUndefined();
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN for relative POSTs only', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Fen123; path=/';
    const { calls } = stubFetch({
      'POST api/bande/create': { body: { code: 200 } },
      'GET api/bande/': { body: [] },
      'POST https://example.org/api/x': { body: {} },
    });
    await http.post('api/bande/create', { nom: 'B1' });
    await http.get('api/bande/');
    await http.post('https://example.org/api/x', {});
    expect(calls[0].headers['X-XSRF-TOKEN']).toBe('tok/en123');
    expect(calls[0].body).toEqual({ nom: 'B1' });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[1].headers['X-XSRF-TOKEN']).toBeUndefined();
    expect(calls[2].headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('turns a {code, message} answer into an ApiError with status and French message', async () => {
    stubFetch({ 'POST api/inscription': { status: 421, body: { code: 421, message: 'Votre adresse email est déjà utilisée.' } } });
    const err = await failure(http.post('api/inscription', {}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(421);
    expect(err.message).toBe('Votre adresse email est déjà utilisée.');
  });

  it('gives a French message when the body has none, and when the network fails', async () => {
    stubFetch({ 'GET api/x': { status: 502 } });
    const err = await failure(http.get('api/x'));
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/erreur inconnue/);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const net = await failure(http.get('api/x'));
    expect(net).toBeInstanceOf(ApiError);
    expect(net.status).toBe(0);
    expect(net.message).toBe(NETWORK_ERROR);
  });

  it('on 401 clears local storage and goes to #/login', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('customer', '{"prenom":"a"}');
    localStorage.setItem('other', 'x');
    window.location.hash = '#/bande/3';
    stubFetch({ 'GET api/bande/3': { status: 401, body: { code: 401, message: 'Session expirée' } } });
    await expect(http.get('api/bande/3')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.length).toBe(0);
    expect(window.location.hash).toBe('#/login');
  });

  it('a 401 answering a session already gone (signed out, or signed in again) changes nothing', async () => {
    localStorage.setItem('token', 'old');
    window.location.hash = '#/dashboard';
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    const late = http.get('api/periode');
    // Meanwhile the user signed out, opened the sign-up, and someone signed in on this device.
    localStorage.clear();
    window.location.hash = '#/signup';
    localStorage.setItem('token', 'new');
    answer(new Response(JSON.stringify({ code: 401, message: 'Session expirée' }), { status: 401 }));
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(window.location.hash).toBe('#/signup');
    expect(localStorage.getItem('token')).toBe('new');
    vi.unstubAllGlobals();
  });

  it('a 401 to a call made without a token (a screen asking after the sign-out) leaves the visitor where they are', async () => {
    window.location.hash = '#/signup';
    stubFetch({ 'GET api/periode': { status: 401, body: { code: 401, message: 'Non authentifié' } } });
    await expect(http.get('api/periode')).rejects.toMatchObject({ status: 401 });
    expect(window.location.hash).toBe('#/signup');
  });

  it('a 403 keeps the session', async () => {
    localStorage.setItem('token', 't');
    window.location.hash = '#/bande';
    stubFetch({ 'GET api/bande/': { status: 403, body: { code: 403, message: 'Interdit' } } });
    await expect(http.get('api/bande/')).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem('token')).toBe('t');
    expect(window.location.hash).toBe('#/bande');
  });
});

describe('sha256Hex', () => {
  it('hashes like the server expects (hex SHA-256)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
