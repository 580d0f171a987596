// The two names functions/partage/edge-cache.ts loads on demand (like sdk-ses.ts): importing this
// module instead of `@aws-sdk/client-cloudfront` keeps its client and one command in the bundle.
export { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
