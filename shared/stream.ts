// The table's stream: which records reach the notifications' job function. In AWS an
// event-source filter (infra/cdk/constructs/notifications.ts, Lambda's filter-pattern syntax); on
// the local stack the same pattern applied by infra/local/stream-poller.ts before it calls the
// function. Only new loss entries (PK ENT#<t>#BANDE#<id>, SK PRT#<id>): the function is not
// invoked for the thousands of other writes of a morning.
export const PERTE_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { PK: { S: [{ prefix: 'ENT#' }] }, SK: { S: [{ prefix: 'PRT#' }] } } },
} as const;

/** The same pattern, read by the local poller: a stream record it matches. */
export function matchesPerteFilter(r: { eventName?: string; dynamodb?: { NewImage?: Record<string, { S?: string }> } }): boolean {
  const img = r.dynamodb?.NewImage;
  return r.eventName === 'INSERT' && !!img?.PK?.S?.startsWith('ENT#') && !!img?.SK?.S?.startsWith('PRT#');
}
