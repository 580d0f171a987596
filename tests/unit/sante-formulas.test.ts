// Flock health's formulas (shared/formulas/sante.ts) on their edge cases: a step's due
// day from the placement age, its status around today, withdrawal windows (0 days, both ends
// included, overlapping ones), and the death alert (the minimum, the factor, a young batch).
import { describe, expect, it } from 'vitest';
import { alerteMortalite, attenteSur, attentesDesTraitements, attentesDuJour, datePrevue, fenetreAttente, statutEtape } from '@shared/formulas/sante';
import { SANTE_MSG } from '@shared/messages/sante';

describe('datePrevue', () => {
  it('age J is due on the start + (J − placement age): day-old chicks by default', () => {
    expect(datePrevue('2025-03-01', 0, 0)).toBe('2025-03-01');
    expect(datePrevue('2025-03-01', null, 7)).toBe('2025-03-08');
    expect(datePrevue('2025-03-01', undefined, 28)).toBe('2025-03-29');
    // A start date with a time counts by its day; months and leap years are crossed.
    expect(datePrevue('2024-02-20T10:00:00.000Z', 0, 10)).toBe('2024-03-01');
  });
  it('placed older: the step of the placement age is due on the start, an earlier one is not created', () => {
    expect(datePrevue('2025-03-01', 10, 10)).toBe('2025-03-01');
    expect(datePrevue('2025-03-01', 10, 14)).toBe('2025-03-05');
    expect(datePrevue('2025-03-01', 10, 9)).toBeNull();
    expect(datePrevue('2025-03-01', 112, 1)).toBeNull();
  });
});

describe('statutEtape', () => {
  it('a pending step is to come, today or late by its due day; done and skipped are what was recorded', () => {
    expect(statutEtape({ date_prevue: '2025-03-10' }, '2025-03-09')).toBe('a_venir');
    expect(statutEtape({ date_prevue: '2025-03-10' }, '2025-03-10')).toBe('aujourdhui');
    expect(statutEtape({ date_prevue: '2025-03-10' }, '2025-03-11')).toBe('en_retard');
    expect(statutEtape({ date_prevue: '2025-03-10', etat: 'fait' }, '2025-04-01')).toBe('fait');
    expect(statutEtape({ date_prevue: '2025-03-10', etat: 'saute' }, '2025-03-01')).toBe('saute');
    expect(statutEtape({ date_prevue: '2025-03-10', etat: null }, '2025-03-11')).toBe('en_retard');
  });
});

describe('withdrawal windows', () => {
  it('run from the first day to the last day + the label’s days, both included; 0 days: none', () => {
    expect(fenetreAttente({ debut: '2025-03-01', fin: '2025-03-05' }, 7)).toEqual({ debut: '2025-03-01', jusqu_au: '2025-03-12' });
    expect(fenetreAttente({ debut: '2025-03-01', fin: '2025-03-01' }, 1)).toEqual({ debut: '2025-03-01', jusqu_au: '2025-03-02' });
    expect(fenetreAttente({ debut: '2025-03-01', fin: '2025-03-05' }, 0)).toBeNull();
  });
  it('attenteSur: the day inside a window gives its last day; before the start or after the end, none', () => {
    const a = { 1: { debut: '2025-03-01', viande_jusqu_au: '2025-03-12', oeufs_jusqu_au: null } };
    expect(attenteSur(a, '2025-02-28', 'viande')).toBeNull();
    expect(attenteSur(a, '2025-03-01', 'viande')).toBe('2025-03-12');
    expect(attenteSur(a, '2025-03-12', 'viande')).toBe('2025-03-12');
    expect(attenteSur(a, '2025-03-13', 'viande')).toBeNull();
    expect(attenteSur(a, '2025-03-05', 'oeufs')).toBeNull();
    expect(attenteSur(null, '2025-03-05', 'viande')).toBeNull();
    expect(attenteSur({}, '2025-03-05', 'oeufs')).toBeNull();
  });
  it('overlapping windows: the latest end among those covering the day, not one that has not started', () => {
    const a = {
      1: { debut: '2025-03-01', viande_jusqu_au: '2025-03-10', oeufs_jusqu_au: '2025-03-20' },
      2: { debut: '2025-03-05', viande_jusqu_au: '2025-03-15' },
      3: { debut: '2025-03-25', viande_jusqu_au: '2025-04-30' },
    };
    expect(attenteSur(a, '2025-03-04', 'viande')).toBe('2025-03-10');
    expect(attenteSur(a, '2025-03-06', 'viande')).toBe('2025-03-15');
    expect(attenteSur(a, '2025-03-12', 'viande')).toBe('2025-03-15');
    expect(attenteSur(a, '2025-03-18', 'viande')).toBeNull();
    expect(attenteSur(a, '2025-03-18', 'oeufs')).toBe('2025-03-20');
    expect(attenteSur(a, '2025-03-25', 'viande')).toBe('2025-04-30');
  });
});

describe('alerteMortalite', () => {
  const start = '2025-03-01';
  it('at least 3 losses and at least 3 times the average of the 7 days before', () => {
    const p = { '2025-03-10': 6, '2025-03-09': 2, '2025-03-08': 2, '2025-03-07': 2, '2025-03-06': 2, '2025-03-05': 2, '2025-03-04': 2, '2025-03-03': 2 };
    // Average 2 a day: 6 is exactly 3 times it.
    expect(alerteMortalite(p, '2025-03-10', start)).toEqual({ pertes: 6, moyenne_7j: 2 });
    expect(alerteMortalite({ ...p, '2025-03-10': 5 }, '2025-03-10', start)).toBeNull();
    // The 8th day before is not in the average.
    expect(alerteMortalite({ ...p, '2025-03-02': 100 }, '2025-03-10', start)).toEqual({ pertes: 6, moyenne_7j: 2 });
  });
  it('never under 3 losses, even from none before', () => {
    expect(alerteMortalite({ '2025-03-10': 2 }, '2025-03-10', start)).toBeNull();
    expect(alerteMortalite({ '2025-03-10': 3 }, '2025-03-10', start)).toEqual({ pertes: 3, moyenne_7j: 0 });
    expect(alerteMortalite({}, '2025-03-10', start)).toBeNull();
  });
  it('a young batch averages only the days since its start; on its first day there is no average (0)', () => {
    // Started 3 days before: 3 days of 1 loss, not 7 days (which would average 3/7).
    const p = { '2025-03-01': 1, '2025-03-02': 1, '2025-03-03': 1, '2025-03-04': 3 };
    expect(alerteMortalite(p, '2025-03-04', start)).toEqual({ pertes: 3, moyenne_7j: 1 });
    expect(alerteMortalite({ ...p, '2025-03-04': 2 }, '2025-03-04', start)).toBeNull();
    expect(alerteMortalite({ '2025-03-01': 4 }, '2025-03-01', start)).toEqual({ pertes: 4, moyenne_7j: 0 });
    // A start date with a time counts by its day.
    expect(alerteMortalite(p, '2025-03-04', '2025-03-01T09:00:00.000Z')).toEqual({ pertes: 3, moyenne_7j: 1 });
  });
  it('rounds the average to one decimal', () => {
    const p = { '2025-03-10': 3, '2025-03-09': 1 };
    expect(alerteMortalite(p, '2025-03-10', start)).toEqual({ pertes: 3, moyenne_7j: 0.1 });
  });
});

describe('the death alert’s words', () => {
  it('says the day’s losses against the average, and after days without any loss says so (never « 3 fois 0 »)', () => {
    expect(SANTE_MSG.alerteMortalite(6, 1.5)).toBe('6 morts en un jour, au moins 3 fois la moyenne des 7 jours précédents (1,5 par jour)');
    expect(SANTE_MSG.alerteMortalite(4, 0)).toBe('4 morts en un jour, sans aucune perte les jours précédents');
  });
});

describe('a batch’s withdrawals from its treatments', () => {
  const tr = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    etat: 'ACTIVE' as const,
    debut: '2025-03-10',
    fin: '2025-03-12',
    attente_viande_jours: 3,
    attente_oeufs_jours: 0,
    ...over,
  });
  it('keeps the windows of the treatments in force only, each food’s last day when it has one', () => {
    expect(attentesDesTraitements([tr(1), tr(2, { etat: 'DELETED' }), tr(3, { attente_viande_jours: 0 }), tr(4, { attente_oeufs_jours: 7 })])).toEqual({
      '1': { debut: '2025-03-10', viande_jusqu_au: '2025-03-15' },
      '4': { debut: '2025-03-10', viande_jusqu_au: '2025-03-15', oeufs_jusqu_au: '2025-03-19' },
    });
  });
  it('says what runs on a day: both ends included, nothing the day after', () => {
    const a = attentesDesTraitements([tr(4, { attente_oeufs_jours: 7 })]);
    expect(attentesDuJour(a, '2025-03-15')).toEqual({ viande_jusqu_au: '2025-03-15', oeufs_jusqu_au: '2025-03-19' });
    expect(attentesDuJour(a, '2025-03-16')).toEqual({ oeufs_jusqu_au: '2025-03-19' });
    expect(attentesDuJour(a, '2025-03-20')).toEqual({});
  });
});
