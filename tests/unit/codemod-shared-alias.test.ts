// The codemod that writes imports of shared/ with the @shared/ alias (tools/codemod-shared-alias.ts):
// it rewrites every form of import that reaches into shared/ from outside (it does not walk shared/
// itself, whose modules import their neighbours relatively), leaves the others, and a second run
// changes nothing.
import { resolve } from 'node:path';
import { aliasFor, rewrite } from '../../tools/codemod-shared-alias.ts';

const file = resolve('functions/bandes/routes/bandes.ts');

describe('codemod-shared-alias', () => {
  it('rewrites static, dynamic, re-exported and mocked imports of shared/', () => {
    const before = [
      "import { MSG } from '../../../shared/messages/acces';",
      "import type { Bande } from '../../../shared/schemas/bandes/index.ts';",
      "export { z } from '../../../shared/schemas/common';",
      "const m = await import('../../../shared/formulas');",
      "vi.mock('../../../shared/dates', () => ({}));",
      "import { x } from '../repository';",
      "import { y } from '../../lib/errors';",
    ].join('\n');
    const { text, count } = rewrite(file, before);
    expect(count).toBe(5);
    expect(text).toBe(
      [
        "import { MSG } from '@shared/messages/acces';",
        "import type { Bande } from '@shared/schemas/bandes/index.ts';",
        "export { z } from '@shared/schemas/common';",
        "const m = await import('@shared/formulas');",
        "vi.mock('@shared/dates', () => ({}));",
        "import { x } from '../repository';",
        "import { y } from '../../lib/errors';",
      ].join('\n'),
    );
    expect(rewrite(file, text)).toEqual({ text, count: 0 });
  });

  it('leaves a path that only looks like shared/', () => {
    expect(aliasFor(file, '../../../shared-other/x')).toBeNull();
    expect(aliasFor(file, '../shared/x')).toBeNull();
    expect(aliasFor(resolve('web/src/main.tsx'), '../../shared')).toBe('@shared');
  });
});
