// Display helpers: FCFA amounts, dd/mm/yyyy dates (with time when present), capitalisation.
import { capitalize, formatDate, formatDateTime, formatFcfa } from '../../web/src/lib/format';

describe('formatFcfa', () => {
  it('groups thousands with spaces and appends FCFA', () => {
    expect(formatFcfa(12500)).toBe('12 500 FCFA');
    expect(formatFcfa(1234567)).toBe('1 234 567 FCFA');
    expect(formatFcfa(999)).toBe('999 FCFA');
    expect(formatFcfa(0)).toBe('0 FCFA');
  });
  it('keeps the sign of losses and rounds to whole francs', () => {
    expect(formatFcfa(-45000)).toBe('-45 000 FCFA');
    expect(formatFcfa(1000.6)).toBe('1 001 FCFA');
  });
  it('treats missing values as zero', () => {
    expect(formatFcfa(undefined)).toBe('0 FCFA');
    expect(formatFcfa(null)).toBe('0 FCFA');
  });
});

describe('formatDate / formatDateTime', () => {
  it('shows ISO dates as dd/mm/yyyy without shifting the day', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-01-05T23:59:59Z')).toBe('05/01/2026');
  });
  it('adds hh:mm:ss when the text carries a time', () => {
    expect(formatDateTime('2026-11-21T08:05:09')).toBe('21/11/2026 08:05:09');
    expect(formatDateTime('2026-11-21T08:05')).toBe('21/11/2026 08:05:00');
    expect(formatDateTime('2026-11-21')).toBe('21/11/2026');
  });
  it('returns an empty string for missing or malformed input', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('21/11/2026')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('capitalize', () => {
  it('upper-cases the first letter of each name part', () => {
    expect(capitalize('aminata')).toBe('Aminata');
    expect(capitalize('DIOP')).toBe('Diop');
    expect(capitalize('jean-marc')).toBe('Jean-Marc');
    expect(capitalize('mame diarra')).toBe('Mame Diarra');
    expect(capitalize('élodie')).toBe('Élodie');
    expect(capitalize('')).toBe('');
  });
});
