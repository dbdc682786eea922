import ky, { TimeoutError, type KyInstance } from 'ky';
import { API_BASE } from '../../shared/api-paths';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import type { Envelope } from '../../shared/envelope';
import { ApiError } from './api-error';
import { applyFailurePolicy, envelopeMessage, type FailurePorts } from './failure-policy';

export interface HttpClientOptions {
  getToken: () => string | undefined;
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
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('accept-language', options.getLanguage());
          const token = options.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  async function fail(error: ApiError, requestOptions: RequestOptions, authenticated: boolean): Promise<never> {
    await applyFailurePolicy(
      error,
      { exemptFromAuthPrompt: requestOptions.exemptFromAuthPrompt ?? false, authenticated },
      options.ports,
    );
    throw error;
  }

  return {
    async request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
      const authenticated = Boolean(options.getToken());
      let response: Response;
      try {
        response = await instance(path, { method, json: requestOptions.json, searchParams: requestOptions.searchParams });
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
