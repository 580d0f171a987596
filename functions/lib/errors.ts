// The one error hierarchy. Route code throws these; the error middleware turns them into
// `{ code, message }` with the HTTP status equal to the code (spec part 1 §8).
import { MSG } from '@shared/messages/acces';
import { SYNC_MSG } from '@shared/messages/sync';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = MSG.badRequest, details?: unknown) => new AppError(400, message, details);
export const unauthorized = (message: string = MSG.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
/** Business-rule refusals carry the spec's own status (402, 412, 421, 422, 424…). */
export const refused = (status: number, message: string) => new AppError(status, message);
/**
 * A 409 that is the business's answer (a sale inside a withdrawal period), not a lost
 * race: lib/refusal `untilWritten` retries 409s (conflicts past lib/store's retries) but never
 * this one, which a new attempt would only meet again.
 */
export class BusinessConflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export const businessConflict = (message: string) => new BusinessConflict(message);
/** Another writer kept changing the same items past our retries: nothing was written, try again. */
export const concurrentChange = () => refused(409, SYNC_MSG.concurrent);
