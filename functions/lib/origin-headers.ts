// The two headers CloudFront adds to every API request (infra/cdk/constructs/web-distribution.ts),
// alone in their module so that the origin authorizer (functions/acces/origin-authorizer.ts)
// bundles two strings, not the configuration and Secrets Manager code of functions/lib/client-ip.ts.
export const ORIGIN_VERIFY_HEADER = 'x-ganaar-origin-verify';
export const CLIENT_IP_HEADER = 'x-ganaar-client-ip';
