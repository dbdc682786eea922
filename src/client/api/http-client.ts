import ky, { TimeoutError, type KyInstance } from 'ky';
import { API_BASE, SIGN_IN_TURN_HEADER } from '../../shared/api-paths';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import type { Envelope } from '../../shared/envelope';
import { ApiError } from './api-error';
import { applyFailurePolicy, envelopeMessage, type FailurePorts } from './failure-policy';

export interface HttpClientOptions {
  /** a session is open: a 401 then means it ended (SPEC 8's prompt), not a wrong password */
  isSignedIn: () => boolean;
  getLanguage: () => string;
  ports: FailurePorts;
  /** absolute origin for non-browser use (tests); the browser uses the page origin */
  origin?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions {
  json?: unknown;
  searchParams?: Record<string, string | number | boolean>;
  /** getMasterInfo: no 401 prompt */
  exemptFromAuthPrompt?: boolean;
  /**
   * Sign-in: a 429 whose Retry-After is short (the server's hash queue is full) is retried
   * after that wait, a few times, before the user sees "busy".
   */
  retryWhenBusy?: boolean;
  /**
   * A check the page makes on its own (the live form versions): a failure is thrown to the
   * caller, who carries on without it, and shown to no one (no toast, no prompt).
   */
  quiet?: boolean;
}

/**
 * Retry-After waits longer than this are a real limit (a client refused for its failures:
 * minutes), shown to the user, not retried. The hash queue names each refused sign-in's turn
 * in waits of at most 30 s (a later turn takes several, the ticket kept; a machine behind its
 * promise hands out a new turn): waiting for the turn beats an error the user retries.
 */
export const BUSY_RETRY_MAX_WAIT_MS = 60_000;
/**
 * How long a sign-in keeps coming back for its turn before the user sees "busy". A budget of
 * time, not of tries: an early return is told to wait again with the same turn, and a count of
 * tries gave up on turns the server was still keeping (100 sign-ins together on a 2-core machine
 * at production cost, with the machine also busy elsewhere, take minutes).
 */
export const BUSY_RETRY_BUDGET_MS = 10 * 60_000;

function busyWaitMs(response: Response): number | null {
  if (response.status !== 429) return null;
  const seconds = Number(response.headers.get('retry-after'));
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds * 1000 > BUSY_RETRY_MAX_WAIT_MS) return null;
  return seconds * 1000;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** The shared client of SPEC section 7: returns `data` of the envelope, applies SPEC section 8 on failure. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance: KyInstance = ky.create({
    prefixUrl: `${options.origin ?? window.location.origin}${API_BASE}`,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    fetch: options.fetch,
    // ky sets content-type: application/json on calls with a body; a bodiless POST must not
    // claim JSON (Fastify rejects an empty JSON body)
    headers: { accept: 'application/json' },
    // the session is the server's HttpOnly cookie, sent by the browser itself; no Authorization
    // header (SPEC 7's) is sent: no script holds the token
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('accept-language', options.getLanguage());
        },
      ],
    },
  });

  async function fail(error: ApiError, requestOptions: RequestOptions, authenticated: boolean): Promise<never> {
    if (requestOptions.quiet) throw error;
    await applyFailurePolicy(error, { exemptFromAuthPrompt: requestOptions.exemptFromAuthPrompt ?? false, authenticated }, options.ports);
    throw error;
  }

  return {
    async request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
      const authenticated = options.isSignedIn();
      let response: Response;
      try {
        const started = Date.now();
        response = await instance(path, { method, json: requestOptions.json, searchParams: requestOptions.searchParams });
        while (requestOptions.retryWhenBusy) {
          const wait = busyWaitMs(response);
          if (wait === null || Date.now() + wait - started > BUSY_RETRY_BUDGET_MS) break;
          // the turn the server promised comes back with the retry: admitted at its time
          const turn = response.headers.get(SIGN_IN_TURN_HEADER);
          await new Promise((resolve) => setTimeout(resolve, wait));
          response = await instance(path, {
            method,
            json: requestOptions.json,
            searchParams: requestOptions.searchParams,
            headers: turn ? { [SIGN_IN_TURN_HEADER]: turn } : {},
          });
        }
      } catch (cause) {
        if (cause instanceof TimeoutError) return fail(new ApiError('timeout', 0, 'timeout'), requestOptions, authenticated);
        return fail(new ApiError('network', 0, String(cause)), requestOptions, authenticated);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      const envelope = isEnvelope(body) ? body : undefined;
      const code = envelope?.code ?? response.status;
      if (response.ok && code === 200) return envelope ? (envelope.data as T) : (body as T);
      const message = envelopeMessage(envelope) || response.statusText;
      return fail(new ApiError('status', code, message, envelope), requestOptions, authenticated);
    },
  };
}
