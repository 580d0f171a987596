// Lambda entry of the payment flow's Task states (Step Functions `lambda:invoke`): the event is
// the state's Payload (shared/payment-flow.ts), the answer its result.
import { config } from '../lib/config';
import { paymentsConfig } from './config';
import { runFlowTask, type FlowTask } from './flow';

config(); // cold start: fail loudly on missing configuration
paymentsConfig();

export const handler = (event: FlowTask) => runFlowTask(event);
