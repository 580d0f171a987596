// jsdom setup of the web component tests: unmount between tests, fresh storage, cookies and hash.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The signed-in app and each screen are lazy chunks: on a loaded 2-core CI machine, with other
// test files running beside, their first import in jsdom can take longer than testing-library's
// 1 s default for findBy*/waitFor (5 s was passed on a machine at load 24).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
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
