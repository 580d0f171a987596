// Constants of the payments domain that the CDK app and the local stack read too
// (infra/cdk/constructs/payments.ts, infra/local/write-journal.ts): kept free of imports, so that
// reading them loads no Lambda code.

/** The flow's Lambda name suffix (ganaar-<stage>-payments-flow): its log lines and the write journal name it so. */
export const PAYMENT_FLOW_FUNCTION = 'payments-flow';
