// A signed-in admin's device for the web tests that go through the outbox (tests/web/fake-idb.ts
// must be the file's idb-keyval): nothing stored yet, the session in localStorage, and the outbox's
// view read afresh from that empty store.
import { refreshOutbox } from '../../web/src/lib/offline/outbox';
import { db } from './fake-idb';

export async function signedInDevice(role = 'admin'): Promise<void> {
  db.clear();
  localStorage.setItem('token', 'jwt');
  localStorage.setItem('customer', JSON.stringify({ id: 7, id_entreprise: 3, prenom: 'Awa', nom: 'Diop', role }));
  await refreshOutbox();
}
