// The one origin the browser sees: a CloudFront distribution serving the SPA from a private
// bucket (origin access control) and sending `/api/*` and `/admin/*` to the HTTP API uncached,
// so cookies, the XSRF header and the bearer token reach the Lambdas unchanged; `/p/*` (a shared
// document's page) goes to the API too, cached as briefly as the page says.
// Every answer gets the security headers of shared/security-headers.ts (the local stack sends
// the same); API requests carry the viewer's IP and the secret proving they came through here
// (functions/lib/client-ip.ts).
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acknowledgeNag, wildcardFindingsUnder } from '../nag';
import { API_CSP, HSTS_MAX_AGE_SECONDS, SPA_CSP } from '@shared/security-headers';
import { PAGE_CSP } from '@shared/partage-page';
import { CLIENT_IP_HEADER, ORIGIN_VERIFY_HEADER } from '../../../functions/lib/client-ip';

/** Path patterns served by the API; every other path is the SPA. */
export const API_PATH_PATTERNS = ['/api/*', '/admin/*'] as const;

export interface WebDistributionProps {
  /** `xxxx.execute-api.<region>.amazonaws.com` */
  apiDomainName: string;
  /** Where access logs of the SPA bucket and of CloudFront go. */
  logsBucket: s3.IBucket;
  /** The built SPA (`web/dist`); deployed when it holds an index.html, skipped with a warning otherwise. */
  webDistDir: string;
  /** Sent to the API with every origin request; the Lambdas trust the client IP header only with it. */
  originSecret: secretsmanager.ISecret;
  /** Product photos, served read-only under IMAGES_PATH_PATTERN (origin access control, GET only). */
  imagesBucket?: s3.IBucket;
  /** The WAF web ACL with the per-client limits (infra/cdk/edge-stack.ts). */
  webAclArn?: string;
}

/** Product photos: `/images/<tenant>/<id>.webp` is the object key `images/<tenant>/<id>.webp`. */
export const IMAGES_PATH_PATTERN = '/images/*';

/**
 * The public storefront's API (api/vitrine/*): like the API, but its GET answers (the marketplace,
 * a seller's page) are kept at the edge for a minute, keyed by the ville and type filters only, so
 * a link shared on WhatsApp to hundreds of phones does not reach the Lambda hundreds of times.
 * POST (a buyer's order) is never cached. The storefront page itself (vitrine.html) is a static
 * file of the SPA bucket, served by the default behaviour.
 */
export const VITRINE_API_PATH_PATTERN = '/api/vitrine/*';
export const VITRINE_CACHE_SECONDS = 60;

/**
 * The public page of a shared document (/p/<token>, functions/partage): served by the API, kept at
 * the edge as long as the Lambda's s-maxage says (the shorter of the link's remaining life and
 * PAGE_CACHE_MAX_SECONDS; 0 — not kept — for a 404, 410 or 429, which answer no-store), keyed by
 * the path only. A revoke invalidates the path (functions/partage/edge-cache.ts).
 */
export const PAGE_PATH_PATTERN = '/p/*';
export const PAGE_CACHE_MAX_SECONDS = 300;

/**
 * Viewer-request function of the API behaviours: the viewer's address goes to the API in
 * CLIENT_IP_HEADER, replacing whatever the client sent, and a client-sent ORIGIN_VERIFY_HEADER is
 * dropped (the origin custom header sets the real one).
 */
export const CLIENT_IP_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  delete request.headers['${ORIGIN_VERIFY_HEADER}'];
  request.headers['${CLIENT_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** The headers of shared/security-headers.ts as a CloudFront response-headers policy. */
function securityHeadersPolicy(scope: Construct, id: string, csp: string, comment: string): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    },
  });
}

export class WebDistribution extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly deployment?: s3deploy.BucketDeployment;
  readonly spaHeaders: cloudfront.ResponseHeadersPolicy;
  readonly apiHeaders: cloudfront.ResponseHeadersPolicy;
  readonly pageHeaders: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'SpaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'spa-bucket/',
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // Proof that a request came through this distribution (a CloudFormation dynamic reference:
      // the value is resolved at deploy time, never written in the template).
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
    });
    const clientIp = new cloudfront.Function(this, 'ClientIpFunction', {
      comment: 'Ganaar: the viewer IP to the API (per-IP limits)',
      code: cloudfront.FunctionCode.fromInline(CLIENT_IP_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    this.spaHeaders = securityHeadersPolicy(this, 'SpaHeaders', SPA_CSP, 'Ganaar SPA: strict CSP, HSTS, no framing');
    this.apiHeaders = securityHeadersPolicy(this, 'ApiHeaders', API_CSP, 'Ganaar API: CSP none, HSTS, no framing');
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Host must be the API's own name for API Gateway to route the request.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      // A redirect would turn a POST into a GET and drop its body: plain http is refused instead.
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      responseHeadersPolicy: this.apiHeaders,
      functionAssociations: [{ function: clientIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    };

    const vitrineCache = new cloudfront.CachePolicy(this, 'VitrineCache', {
      comment: 'Ganaar storefront API: public listings cached a minute, keyed by their filters',
      // The API answers no-store; a minimum TTL above zero is what lets CloudFront keep these.
      minTtl: Duration.seconds(VITRINE_CACHE_SECONDS),
      defaultTtl: Duration.seconds(VITRINE_CACHE_SECONDS),
      maxTtl: Duration.seconds(VITRINE_CACHE_SECONDS),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('ville', 'type', 'apres', 'limite'),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const pageCache = new cloudfront.CachePolicy(this, 'PageCache', {
      comment: "Ganaar shared documents: the origin's s-maxage, at most 5 minutes, keyed by the path",
      // min 0: the origin's Cache-Control decides (no-store is never kept); max bounds a stale page.
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(PAGE_CACHE_MAX_SECONDS),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    this.pageHeaders = securityHeadersPolicy(this, 'PageHeaders', PAGE_CSP, 'Ganaar shared documents: no script, own style by hash, HSTS, no framing');

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Ganaar ${Stack.of(this).stackName}: SPA + API on one origin`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.spaHeaders,
        compress: true,
      },
      additionalBehaviors: {
        // First: CloudFront takes the first pattern that matches, and /api/* matches these too.
        [VITRINE_API_PATH_PATTERN]: { ...apiBehavior, cachePolicy: vitrineCache },
        // GET/HEAD only: the page is the one public read of a link.
        [PAGE_PATH_PATTERN]: {
          ...apiBehavior,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: pageCache,
          responseHeadersPolicy: this.pageHeaders,
        },
        ...Object.fromEntries(API_PATH_PATTERNS.map((p) => [p, apiBehavior])),
        // Photos: cached long (their names never change), GET/HEAD only; origin access control
        // lets CloudFront read objects, never list them (a missing key answers 403 from S3).
        ...(props.imagesBucket
          ? {
              [IMAGES_PATH_PATTERN]: {
                origin: origins.S3BucketOrigin.withOriginAccessControl(props.imagesBucket, { originAccessLevels: [cloudfront.AccessLevel.READ] }),
                allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
                viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
                responseHeadersPolicy: this.apiHeaders,
                compress: false,
              },
            }
          : {}),
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      // Users are in Senegal and Côte d'Ivoire: the cheaper price classes have no African edge.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
    });

    acknowledgeNag(
      this.distribution,
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain yet: the default *.cloudfront.net certificate is used, whose TLS policy CloudFront fixes. A custom domain with TLSv1.2_2021 comes with its certificate.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The service is sold in several African countries and to diaspora customers; no geographic restriction is wanted.',
      },
    );
    if (!props.webAclArn) {
      acknowledgeNag(this.distribution, {
        id: 'AwsSolutions-CFR2',
        reason: 'Only when built without the edge stack (some tests): the deployed app always attaches the WAF web ACL of infra/cdk/edge-stack.ts.',
      });
    }

    if (existsSync(join(props.webDistDir, 'index.html'))) {
      this.deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
        sources: [s3deploy.Source.asset(props.webDistDir)],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        prune: true,
        memoryLimit: 512,
        cacheControl: [s3deploy.CacheControl.setPublic(), s3deploy.CacheControl.maxAge(Duration.minutes(5))],
      });
      suppressBucketDeploymentFindings(Stack.of(this));
    } else {
      Annotations.of(this).addWarningV2(
        'ganaar:web-dist-missing',
        `${props.webDistDir} has no index.html: the SPA is NOT deployed by this synth. Run \`npm run build:web\` before \`npx cdk deploy\`.`,
      );
    }
  }
}

/** The BucketDeployment's handler is a singleton at stack level, generated by aws-cdk-lib. */
function suppressBucketDeploymentFindings(stack: Stack): void {
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    acknowledgeNag(child, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'CDK-managed BucketDeployment handler: aws-cdk-lib gives it the basic execution role for its own logs.',
    });
    acknowledgeNag(child, {
      id: 'AwsSolutions-L1',
      reason: 'CDK-managed BucketDeployment handler: its runtime is chosen by aws-cdk-lib and moves with it.',
    });
    for (const finding of wildcardFindingsUnder(child)) {
      acknowledgeNag(child, {
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          'CDK-managed BucketDeployment handler: aws-cdk-lib grants it read on the CDK assets bucket, write/prune on the SPA bucket and invalidation of the distribution; the grants are generated, not ours to narrow.',
      });
    }
  }
}
