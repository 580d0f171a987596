// The detector of tests/api/log-secrets.test.ts: what must never appear in a log line. Known
// secrets of the journey (passwords' SHA-256, tokens, recovery and Orange Money codes, webhook
// secrets and signatures) wherever they occur, and, in every line whoever wrote it, anything that
// looks like an unmasked e-mail address or phone number, a JWT, a hex digest or a password hash.
export interface Leak {
  line: number;
  what: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/g;
const PHONE_DIGITS = /(?<![\w*])\+?\d(?:[ .-]?\d){7,14}(?![\w*])/g;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
/** Generated ids: their hex or digits are not a secret's, and would make short codes match by chance. */
const ID_KEYS = new Set(['requestId', 'correlationId', 'timestamp', 'createdAt', 'Timestamp']);

function strings(value: unknown, key: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, key, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, k, out);
}

/** Every leak in `lines` (raw log lines, one JSON object each). `secrets`: name → value. */
export function findLeaks(lines: string[], secrets: Record<string, string | string[]>): Leak[] {
  const leaks: Leak[] = [];
  const known = Object.entries(secrets).flatMap(([name, v]) =>
    ([] as string[])
      .concat(v)
      .filter(Boolean)
      .map((value) => ({ name, value })),
  );
  lines.forEach((text, i) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      leaks.push({ line: i, what: 'not a JSON line' });
      return;
    }
    const values: [string, string][] = [];
    strings(parsed, '', values);
    for (const { name, value } of known) {
      if (value.length >= 8) {
        if (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))) leaks.push({ line: i, what: `secret ${name}` });
        continue;
      }
      // Short codes (4 or 6 digits): as a value, or a number of their own inside a value.
      const alone = new RegExp(`(?<![\\w])${value}(?![\\w])`);
      if (values.some(([k, s]) => !ID_KEYS.has(k) && !ISO_TIME.test(s) && alone.test(s))) leaks.push({ line: i, what: `secret ${name}` });
    }
    for (const [k, s] of values) {
      if (ID_KEYS.has(k) || ISO_TIME.test(s)) continue;
      for (const m of s.match(EMAIL) ?? []) if (!m.includes('***')) leaks.push({ line: i, what: `unmasked e-mail ${m}` });
      for (const m of s.match(PHONE_DIGITS) ?? []) if (m.replace(/\D/g, '').length >= 8) leaks.push({ line: i, what: `unmasked phone ${m}` });
      if (/eyJ[\w-]{4,}\.[\w-]{4,}\./.test(s)) leaks.push({ line: i, what: 'a JWT' });
      if (/\b[a-f0-9]{64}\b/i.test(s)) leaks.push({ line: i, what: 'a SHA-256 digest (a password as the client sends it)' });
      if (/scrypt\$\d+\$/.test(s)) leaks.push({ line: i, what: 'a password hash' });
    }
  });
  return leaks;
}
