// The morning summary's text and screen (functions/notifications/resume.ts) for each mix of rights
// and figures, the death alert's payload, and the push addresses the server accepts
// (functions/notifications/push.ts endpointAutorise: the SSRF guard).
import { describe, expect, it } from 'vitest';
import { alerteMortalitePayload, resumeDuMatin, type FiguresDuJour } from '../../functions/notifications/resume';
import { endpointAutorise } from '../../functions/notifications/vapid';

const DAY = '2026-11-29';
const admin = { role: 'admin' as const, droits: {} };
const production = { role: 'production' as const, droits: { bandav: 'r' as const } };
const vendeur = { role: 'vendeur' as const, droits: { ventav: 'r' as const, commav: 'r' as const } };
const boutique = { role: 'vendeur' as const, droits: { prav: 'r' as const, commav: 'r' as const, dashboardav: 'r' as const } };

const tout: FiguresDuJour = {
  sante: { etapes_aujourdhui: 2, etapes_en_retard: 1, attentes: 1, mortalite: 1, eau: 2, aliment_jours: 3 },
  commandes: { total: 4, en_retard: 1 },
  en_ligne: 2,
};

describe('resumeDuMatin', () => {
  it('an admin gets three short lines and the dashboard', () => {
    expect(resumeDuMatin(tout, admin, DAY)).toEqual({
      titre: 'Ganaar — aujourd’hui',
      corps: [
        'Santé : 2 soins aujourd’hui, 1 soin en retard · 1 délai d’attente en cours',
        'Alertes : mortalité anormale (1 bande) · baisse d’eau (2 bandes) · 3 jours d’aliment restants',
        'Boutique : 4 commandes à livrer (1 en retard) · 2 commandes en ligne en attente',
      ].join('\n'),
      url: '#/dashboard',
      tag: `matin-${DAY}`,
    });
  });

  it('each user sees only the lines of the rights they hold, and the one screen concerned', () => {
    // production (bandav, no dashboard): the flock only, opened on the batches.
    expect(resumeDuMatin(tout, production, DAY)).toMatchObject({ corps: expect.not.stringContaining('Boutique'), url: '#/bande' });
    expect(resumeDuMatin(tout, production, DAY)!.corps.split('\n')).toHaveLength(2);
    // vendeur (commav): the orders only.
    expect(resumeDuMatin(tout, vendeur, DAY)).toMatchObject({ corps: 'Boutique : 4 commandes à livrer (1 en retard)', url: '#/commande' });
    // two shop screens and the dashboard: the dashboard.
    expect(resumeDuMatin(tout, boutique, DAY)).toMatchObject({
      corps: 'Boutique : 4 commandes à livrer (1 en retard) · 2 commandes en ligne en attente',
      url: '#/dashboard',
    });
  });

  it('singular forms and a lone step', () => {
    const f: FiguresDuJour = { sante: { etapes_aujourdhui: 1, etapes_en_retard: 0, attentes: 0, mortalite: 0, eau: 0, aliment_jours: 1 } };
    expect(resumeDuMatin(f, admin, DAY)!.corps).toBe('Santé : 1 soin aujourd’hui\nAlertes : 1 jour d’aliment restant');
  });

  it('nothing due: no notification', () => {
    const rien: FiguresDuJour = {
      sante: { etapes_aujourdhui: 0, etapes_en_retard: 0, attentes: 0, mortalite: 0, eau: 0 },
      commandes: { total: 0, en_retard: 0 },
      en_ligne: 0,
    };
    expect(resumeDuMatin(rien, admin, DAY)).toBeNull();
    // Due things the user may not see: nothing either.
    expect(resumeDuMatin({ sante: tout.sante }, vendeur, DAY)).toBeNull();
  });
});

describe('alerteMortalitePayload', () => {
  it('names the batch, today’s dead and the 7-day average, opens the batch, one tag per batch and day', () => {
    expect(alerteMortalitePayload({ id: 12, nom: 'Bande Nord' }, 14, 1.3, DAY)).toEqual({
      titre: 'Ganaar — alerte mortalité',
      corps: 'Alerte mortalité : Bande Nord — 14 morts aujourd’hui (moyenne des 7 jours : 1,3).',
      url: '#/bande/12',
      tag: `mortalite-12-${DAY}`,
    });
  });
});

describe('endpointAutorise (the server POSTs there: SSRF guard)', () => {
  it('in AWS: the browsers’ push services over https only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/dGhpcw:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMrEWtNM',
      'https://api.push.apple.com/3/device/x',
    ])
      expect(endpointAutorise(ok, null), ok).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.com/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com.evil.com/x',
      'https://.push.apple.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/push/x',
      'http://127.0.0.1:9000/push/x',
      'not a url',
    ])
      expect(endpointAutorise(bad, null), bad).toBe(false);
  });

  it('locally: the stand-in’s /push/ addresses only, nothing else', () => {
    const local = 'http://127.0.0.1:41234';
    expect(endpointAutorise(`${local}/push/abc`, local)).toBe(true);
    expect(endpointAutorise(`${local}/__push/gone`, local)).toBe(false);
    expect(endpointAutorise('http://127.0.0.1:41235/push/abc', local)).toBe(false);
    expect(endpointAutorise('https://fcm.googleapis.com/fcm/send/x', local)).toBe(false);
  });
});
