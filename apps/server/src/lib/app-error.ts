export type FieldErrors = Record<string, string>;

/** An expected failure: its status and message are safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) =>
  new AppError(400, message, errors);
export const unauthorized = (message = 'Authentication required.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) =>
  new AppError(409, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);
