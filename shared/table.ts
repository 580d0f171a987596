// The single DynamoDB table, defined once for CDK, the local stack and the tests.
// Plain data (no AWS SDK) so the SPA build never pulls it in by accident.
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  /** Secondary indexes, named after the access pattern family they serve. */
  gsis: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    // By business and date: batch entries by their day, batches by their closing day (period dashboard).
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

export const DEFAULT_TABLE_NAME = 'ganaar';
