import type { Envelope } from '../../shared/envelope';

export type ApiFailureKind = 'status' | 'timeout' | 'network';

/** Raised by the API client for every failed call, after the SPEC section 8 behaviour has run. */
export class ApiError extends Error {
  readonly kind: ApiFailureKind;
  /** envelope code (HTTP-like or business code); 0 for timeout/network */
  readonly code: number;
  readonly envelope: Envelope | undefined;

  constructor(kind: ApiFailureKind, code: number, message: string, envelope?: Envelope) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.envelope = envelope;
  }
}
