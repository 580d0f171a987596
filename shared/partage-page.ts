// The public page of a shared document (functions/partage/page.ts) carries its style inline, in
// one <style> element, and no script at all. Its CSP allows exactly that style by its hash rather
// than 'unsafe-inline' (docs/decisions/0256): an attribute style or a second <style> injected
// through a document's text would not apply. The Lambda sends PAGE_CSP and CloudFront's /p/*
// response-headers policy sets the same value (infra/cdk/constructs/web-distribution.ts);
// tests/unit/partage-page.test.ts checks the hash against the text.
// Plain data: no node:crypto here, so the hash is written out and checked by that test.

export const PAGE_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f2}main{max-width:720px;margin:0 auto;padding:16px;background:#fff}header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;border-bottom:2px solid #1a1a1a;padding-bottom:8px;margin-bottom:12px}h1{font-size:1.25rem;margin:0}h2{font-size:1.1rem;margin:16px 0 8px}p{margin:6px 0}.muted{color:#555;font-size:.9rem}.alert{border:2px solid #a40000;color:#a40000;padding:8px;font-weight:600}table{width:100%;border-collapse:collapse;font-size:.95rem}th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #ccc;vertical-align:top}td.n,th.n{text-align:right;white-space:nowrap}.x{text-decoration:line-through;color:#555}.tot{font-size:1.1rem;font-weight:700;text-align:right}dl{display:grid;grid-template-columns:1fr auto;gap:4px 12px;margin:8px 0}dt{color:#444}dd{margin:0;text-align:right;font-weight:600}footer{margin-top:16px;border-top:1px solid #ccc;padding-top:8px}@media (max-width:420px){main{padding:10px}table{font-size:.85rem}}@media print{body{background:#fff}main{max-width:none;padding:0}}`;

/** sha256 of PAGE_STYLE, base64: the CSP's style-src source. */
export const PAGE_STYLE_SHA256 = 'sha256-BH/WcMU2MEShShid3PSP0hy1qn12hZsnKz8oOqrjepg=';

/** The page: nothing loads, no script runs, only its own style applies; nobody frames it. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src '${PAGE_STYLE_SHA256}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
