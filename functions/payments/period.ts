// The period rule lives in shared/period.ts (issue 18): the payment dialog computes the same end date.
export { addMonths, extendPeriod, type CurrentSubscription, type NewPeriod } from '../../shared/period';
