// HashRouter misses an address change made between its first render and its commit (it reads the
// address, then listens): AddressCatchUp (web/src/app/address-catch-up.tsx) brings the screen to
// the address once mounted. Here the address changes during the first render, as a link tapped on
// the painted login does while React's first render is in progress: without AddressCatchUp the
// login stays on screen under #/signup.
import { render, screen } from '@testing-library/react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressCatchUp } from '../../web/src/app/address-catch-up';

let moved = false;
/** Changes the address during the first render, with no event (the router does not listen yet). */
function TapDuringFirstRender() {
  if (!moved) {
    moved = true;
    window.history.replaceState(null, '', '#/signup');
  }
  return null;
}

function app(withCatchUp: boolean) {
  return (
    <HashRouter>
      {withCatchUp && <AddressCatchUp />}
      <Routes>
        <Route path="/login" element={<h1>Connexion</h1>} />
        <Route path="/signup" element={<h1>Création de compte</h1>} />
      </Routes>
      <TapDuringFirstRender />
    </HashRouter>
  );
}

afterEach(() => {
  moved = false;
  window.history.replaceState(null, '', '#/login');
});

/**
 * At #/login with no event pending: the setup's reset of the address between tests is a fragment
 * navigation whose popstate jsdom fires a task later, and that popstate, reaching a router mounted
 * meanwhile, would bring it to the address by itself.
 */
async function atLogin() {
  await new Promise((r) => setTimeout(r, 0));
  window.history.replaceState(null, '', '#/login');
}

describe('AddressCatchUp', () => {
  it('without it, the router stays on the address of its first render (the failure it fixes)', async () => {
    await atLogin();
    render(app(false));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(window.location.hash).toBe('#/signup');
  });

  it('shows the screen of an address changed during the first render', async () => {
    await atLogin();
    render(app(true));
    expect(await screen.findByRole('heading', { name: 'Création de compte' })).toBeTruthy();
    expect(window.location.hash).toBe('#/signup');
  });
});
