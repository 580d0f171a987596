// The zod side of web/src/lib/nombre-field.ts: a form-schema field (react-hook-form + zod) that
// reads the number typed as text with the one rule of shared/nombres.ts. Kept apart so
// a form built on useState does not pull zod in through the field helpers.
import { lireNombre, type NombreRule } from '@shared/nombres';
import { z } from '@shared/schemas/common';

export const nombreSaisi = (rule: NombreRule) =>
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v, ctx) => {
      const r = lireNombre(String(v), rule);
      if (!r.ok) {
        ctx.issues.push({ code: 'custom', message: r.message, input: v });
        return Number.NaN; // never read: the issue above fails the parse
      }
      return r.value;
    }),
  );
