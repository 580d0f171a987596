// React Router's HashRouter reads the address at its first render and listens to it from its
// commit: an address change between the two is never seen. The app's first render is a transition
// done in slices (app/start.tsx), so that gap is real: « Créer un compte » tapped on the painted
// login while React was taking it over left the address at #/signup and the screen on the login
// (account.e2e at 360 px in a clean clone). Mounted inside the router, this looks once, after the
// router listens (a passive effect runs after its layout effect), and brings the screen to the
// address.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export function AddressCatchUp() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const address = window.location.hash.slice(1) || '/';
    if (address !== `${location.pathname}${location.search}${location.hash}`) navigate(address, { replace: true });
    // Once, at the first commit: later changes reach the router through its own listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
