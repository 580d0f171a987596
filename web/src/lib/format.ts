// The screens' display formats are shared/format.ts's, the same the server writes in its messages
// and e-mails; re-exported here so a screen imports them from its own lib like its other helpers.
export { capitalize, formatCost, formatDate, formatDateTime, formatFcfa, formatNumber, formatRate } from '@shared/format';
