import { errorCatalogue, type ErrorName } from '../../shared/error-catalogue.js';

/** An error the client is meant to see: a catalogue entry plus interpolation values. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly name_: ErrorName,
    readonly params: Record<string, unknown> = {},
    /** the field the refusal is about (JSON pointer into the body): the answer also names it in fieldErrors, so the form shows it there */
    readonly pointer?: string,
    /** what the answer's `data` carries besides the message (a 409 naming who changed a draft, and when) */
    readonly data?: unknown,
  ) {
    super(name_);
    this.statusCode = errorCatalogue[name_].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
