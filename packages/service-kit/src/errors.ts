import { errorCodes, type ErrorCode } from '@repo/contracts';

/** An error a person can act on: it carries its HTTP status, a stable code and a message safe to show. */
export class DomainError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'DomainError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new DomainError(400, fields ? errorCodes.validation : errorCodes.badRequest, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new DomainError(401, errorCodes.unauthorized, message);
export const forbidden = (message = 'You do not have access to this.') => new DomainError(403, errorCodes.forbidden, message);
export const notFound = (message: string) => new DomainError(404, errorCodes.notFound, message);
export const conflict = (message: string, fields?: Record<string, string>) => new DomainError(409, errorCodes.conflict, message, fields);
export const unavailable = (message: string) => new DomainError(503, errorCodes.unavailable, message);
/** An outside system failed (502) or did not answer in time (504): the person can try again later. */
export const badGateway = (message: string) => new DomainError(502, errorCodes.upstream, message);
export const gatewayTimeout = (message: string) => new DomainError(504, errorCodes.upstream, message);
