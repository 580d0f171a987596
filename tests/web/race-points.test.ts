// The breed-targets editor's lines (web/src/features/bandes/components/RaceDialog.tsx).
import { describe, expect, it } from 'vitest';
import { parsePoints } from '../../web/src/features/bandes/components/RaceDialog';

describe('parsePoints', () => {
  it('reads "age;value" lines, a decimal comma, tabs and blank lines', () => {
    expect(parsePoints('7;202\n\n14\t570\n21 ; 92,5\n')).toEqual({
      points: [
        [7, 202],
        [14, 570],
        [21, 92.5],
      ],
    });
  });
  it('names the first line that is not two numbers', () => {
    expect(parsePoints('7;202\nsept;300')).toEqual({ error: 'Ligne 2 : « âge;valeur » attendu (par exemple 7;202).' });
  });
});
