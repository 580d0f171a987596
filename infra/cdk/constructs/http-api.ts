// The HTTP API, generated from the route table: exactly one route per row of
// `shared/api/routes.ts`, integrated (payload format 2.0) with the Lambda of the row's domain.
// Nothing here names a path, so a row added to the table is a route at the next synth.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, type Domain, type RouteRow } from '@shared/api/routes';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/lib/origin-headers';
import { acknowledgeNag } from '../nag';

export interface GanaarHttpApiProps {
  stage: string;
  routes: readonly RouteRow[];
  /** The Lambda of each domain that has rows. */
  functions: ReadonlyMap<Domain, lambda.IFunction>;
  /** Steady-state requests per second and burst, for the whole stage. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** The same for each public row (login, sign-up, recovery, webhooks, storefront): no token stands in front of them. */
  publicRouteThrottle?: { rateLimit: number; burstLimit: number };
  /**
   * The Lambda that lets through only requests carrying CloudFront's origin secret
   * (functions/acces/origin-authorizer.ts), on every route: the execute-api address stays public
   * (it is CloudFront's origin), but a caller who goes to it directly is refused before any handler.
   */
  originAuthorizer: lambda.IFunction;
}

/**
 * How long API Gateway keeps the authorizer's answer for one value of the header (its maximum):
 * every request through CloudFront carries the same value, so the authorizer runs about once an
 * hour; a rotated secret is a new value, hence a new call.
 */
export const ORIGIN_AUTHORIZER_CACHE = Duration.hours(1);

/**
 * Stage-wide throttling, now only a cost ceiling (docs/decisions.md, "Production operations"):
 * shared by every caller, it cannot tell one abusive client from all the farms, so the per-client
 * limits are WAF's, at the edge (infra/cdk/edge-stack.ts); these caps sit far above the sum of
 * those a few clients may use, and stop a runaway bill.
 */
export const STAGE_THROTTLE = { rateLimit: 500, burstLimit: 1000 };
/** Each public row, on top of the edge's per-client limits and the application's per-address ones. */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 100, burstLimit: 200 };

export class GanaarHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly routes: HttpRoute[] = [];
  readonly authorizer: HttpLambdaAuthorizer;
  /** Every request's status and route (the 429 alarm counts its lines, ./monitoring.ts). */
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: GanaarHttpApiProps) {
    super(scope, id);

    this.api = new HttpApi(this, 'Api', {
      apiName: `ganaar-${props.stage}`,
      description: 'Ganaar API: one route per row of shared/api/routes.ts',
      // Our own $default stage below, to set throttling and access logs.
      createDefaultStage: false,
    });

    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    // One integration per domain, shared by all its routes.
    const integrations = new Map<Domain, HttpLambdaIntegration>();
    const integrationOf = (domain: Domain): HttpLambdaIntegration => {
      let integration = integrations.get(domain);
      if (!integration) {
        const fn = props.functions.get(domain);
        if (!fn) throw new Error(`Route table: no Lambda for domain "${domain}"`);
        integration = new HttpLambdaIntegration(`${domain}Integration`, fn, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
          // One invoke permission per function for this API, not one per route: a domain has
          // many routes, the function routes them itself, and the Lambda resource policy is
          // capped at 20 KB.
          scopePermissionToRoute: false,
        });
        integrations.set(domain, integration);
      }
      return integration;
    };

    // Without the header API Gateway answers 401 itself (the identity source is missing): the
    // authorizer is not even invoked.
    this.authorizer = new HttpLambdaAuthorizer('OriginAuthorizer', props.originAuthorizer, {
      authorizerName: 'cloudfront-origin',
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: ORIGIN_AUTHORIZER_CACHE,
    });

    const seen = new Set<string>();
    const publicRoutes: [string, HttpRoute][] = [];
    for (const row of props.routes) {
      const key = routeKey(row);
      if (seen.has(key)) throw new Error(`Route table: "${key}" appears twice`);
      seen.add(key);
      // '|' cannot occur in a URL path, so the construct id is unique per route key.
      const route = new HttpRoute(this, `Route ${key.replaceAll('/', '|')}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(row.path, HttpMethod[row.method]),
        integration: integrationOf(row.domain),
        authorizer: this.authorizer,
      });
      acknowledgeNag(route, {
        id: 'AwsSolutions-APIG4',
        reason:
          "API Gateway's authorizer only proves the request came through CloudFront (functions/acces/origin-authorizer.ts); users are authorised inside the domain Lambda (functions/lib/http/): HS256 JWT verified with jose, server-side revocation by jti and the route row's right; public rows (login, sign-up, password recovery) are public by the spec.",
      });
      this.routes.push(route);
      if (row.access === 'public') publicRoutes.push([key, route]);
    }

    // Per-route throttling of the public rows (RouteSettings is raw JSON: CloudFormation's own
    // property names). CloudFormation refuses settings for a route key the API does not have
    // yet, so the stage waits for those routes.
    const throttle = props.publicRouteThrottle ?? PUBLIC_ROUTE_THROTTLE;
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      publicRoutes.map(([key]) => [key, { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit }]),
    );
    for (const [, route] of publicRoutes) this.stage.node.addDependency(route);
  }

  /** `xxxx.execute-api.<region>.amazonaws.com`: the CloudFront origin of `/api/*` and `/admin/*`. */
  get domainName(): string {
    const stack = this.api.stack;
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
