import { STATUS_CODES } from 'node:http';

/** An error whose status, message and code are safe to show to the caller. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, code?: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}
