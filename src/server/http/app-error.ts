import { errorCatalogue, type ErrorName } from '../../shared/error-catalogue.js';

/** An error the client is meant to see: a catalogue entry plus interpolation values. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly name_: ErrorName,
    readonly params: Record<string, unknown> = {},
  ) {
    super(name_);
    this.statusCode = errorCatalogue[name_].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
