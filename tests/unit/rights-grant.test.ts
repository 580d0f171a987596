// Who may give which role and rights (docs/decisions.md "Users and rights").
import { describe, expect, it } from 'vitest';
import { canGrant, FEATURES_LIST, heldRights, RIGHT_CODES } from '@shared/rights';

describe('canGrant', () => {
  const admin = { role: 'admin' as const, rights: {} };
  const manager = { role: 'production' as const, rights: { utav: 'r' as const, clav: 'r' as const } };

  it('an admin gives any role and any right, never super_admin', () => {
    expect(canGrant(admin, 'admin', {})).toBe(true);
    expect(canGrant(admin, 'vendeur', { ventav: 'r', bandav: 'r' })).toBe(true);
    expect(canGrant(admin, 'super_admin', {})).toBe(false);
  });

  it('a non-admin gives only rights they hold and never the admin role', () => {
    expect(canGrant(manager, 'vendeur', { clav: 'r' })).toBe(true);
    expect(canGrant(manager, 'vendeur', { clav: 'r', ventav: 'r' })).toBe(false);
    expect(canGrant(manager, 'production', { utav: 'r', clav: 'r', bandav: '' })).toBe(true);
    expect(canGrant(manager, 'admin', {})).toBe(false);
  });

  it('held rights: an admin holds all, others what is granted as r', () => {
    expect(heldRights('admin', {})).toEqual([...RIGHT_CODES]);
    expect(heldRights('vendeur', { ventav: 'r', clav: '' })).toEqual(['ventav']);
  });

  it('one feature per right code, with fixed ids', () => {
    expect(FEATURES_LIST.map((f) => f.code)).toEqual([...RIGHT_CODES]);
    expect(FEATURES_LIST.map((f) => f.id)).toEqual(RIGHT_CODES.map((_c, i) => i + 1));
  });
});
