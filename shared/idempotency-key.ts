// The Idempotency-Key of a write (functions/lib/idempotency.ts): the outbox's entries and the
// forms sent online whose repetition would count twice (a batch, a slaughter, a restock, a product,
// an order, the operator's extension, the storefront buyer's order) carry one, sent by web/src/lib/http.ts
// (`idempotencyKey`), and by the storefront's own fetch (web/src/vitrine/api.ts), which carries no back-office code.

/** A fresh key: a UUID, or 32 random hex digits where randomUUID is missing (non-secure context). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per content sent: the same form sent again unchanged (a second tap, a retry after an
 * answer lost on a slow network) carries the same key, so the server answers its first answer
 * instead of writing twice; a changed form is another write and gets another key.
 */
export function keyPerContent(): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newIdempotencyKey() };
    return last.key;
  };
}
