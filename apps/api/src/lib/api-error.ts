import { ERRORS, type ErrorCode } from '@varg/contracts';

/** An error the API answers with its own code; the message is translated from `t_key` at send time. */
export class ApiError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly tKey: string;
  readonly params?: Record<string, string | number> | undefined;

  constructor(code: ErrorCode, params?: Record<string, string | number>) {
    const spec = ERRORS[code];
    super(code);
    this.code = code;
    this.statusCode = spec.statusCode;
    this.tKey = spec.t_key;
    this.params = params;
  }
}
