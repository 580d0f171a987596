// The security headers of every answer, defined once: the local server sends them with the SPA's
// files and its own errors, the Lambdas with every API answer (functions/lib/http/), and
// CloudFront's response-headers policies (infra/cdk/constructs/web-distribution.ts) set the same
// values in AWS, so the local stack and production send the same set (docs/decisions.md).
import { PAGE_CSP } from './partage-page.ts';

/** Two years, the value browsers' HSTS preload lists expect; over plain http (local) browsers ignore it. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * The one inline script of the SPA: index.html's boot script (web/boot.js, inlined by the build so
 * that the first paint waits for no request; decision 0400). The build fails when boot.js changes
 * and this does not (web/vite.config.ts inlineBoot), and so does tests/unit/boot-inline.test.ts.
 */
export const BOOT_SCRIPT_HASH = "'sha256-+jxNuFOx0AcR5UYjhtV+fGqoR5N865A1Dfw2ScV2ksU='";

/**
 * The SPA: scripts, styles, fonts, workers and API calls from our own origin only — no inline
 * script but the boot script, allowed by its hash; no inline style, no eval (zod runs jitless in the browser) —
 * images also from data: and blob: URLs (the favicon, local previews of a photo). Nobody may
 * frame it. Product photos (online shop) are served by this same origin under /images/ (a
 * CloudFront behaviour on the images bucket; the local server reads s3rver), so img-src 'self'
 * covers them on purpose: no bucket or CDN host is allowed. The storefront's WhatsApp links are
 * navigations, which the CSP does not govern.
 */
export const SPA_CSP = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** An API answer is JSON: it loads nothing and may be framed by nobody. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Header name → value (lower-case names), for the SPA's files, for API answers, or for the public
 * page of a shared document (/p/<token>: its own style by hash, no script; shared/partage-page.ts).
 */
export function securityHeaders(kind: 'spa' | 'api' | 'page'): Record<string, string> {
  return {
    'content-security-policy': kind === 'spa' ? SPA_CSP : kind === 'page' ? PAGE_CSP : API_CSP,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
  };
}
