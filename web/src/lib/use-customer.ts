// The signed-in user for React: the header and the menu follow a profile update or another tab's
// logout (lib/storage.ts keeps the session and says when it changes).
import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@shared/schemas/acces';
import { getCustomer, subscribeCustomer } from './storage';

export function useCustomer(): PublicUser | null {
  return useSyncExternalStore(subscribeCustomer, getCustomer, () => null);
}
