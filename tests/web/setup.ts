// jsdom setup of the web component tests: unmount between tests, fresh storage, cookies and hash.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web files share one jsdom per worker (vitest.config.ts, `isolate: false`: building a jsdom for
// each of ~40 files cost more CPU than their tests). What isolation gave a file is given here, as
// this setup runs again before each file: the app's modules evaluated afresh for it (no early read,
// session or prefetch state of the file before), and an empty document.
vi.resetModules();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.title = '';
sessionStorage.clear();
// A file may redefine the connection state on the navigator object itself (outbox-typing-time):
// removing that own property brings jsdom's back.
delete (navigator as { onLine?: boolean }).onLine;

// The signed-in app and each screen are lazy chunks: on a loaded 2-core CI machine, with other
// test files running beside, their first import in jsdom can take longer than testing-library's
// 1 s default for findBy*/waitFor (5 s was passed on a machine at load 24).
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  // A form closed at a test's end (or by the cleanup) sends its Back on its way
  // (web/src/lib/history-landing.ts): landing in the next test, its popstate would be taken for that
  // test's Back. Each test waits for it here (it lands within a few ms in jsdom; at worst the
  // landing's own 5 s give-up ends it).
  const pending = () => (window as Window & { __ganaarHistoryLanding?: { landing: unknown } }).__ganaarHistoryLanding?.landing;
  await Promise.resolve();
  await vi.waitFor(
    () => {
      if (pending()) throw new Error('a closed form’s Back is still on its way');
    },
    { timeout: 6_000, interval: 5 },
  );
  localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.location.hash = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
