/** What every answer must be: JSON, `{ code, msg, data }`, status below 500. */
import type { LightMyRequestResponse } from 'fastify';

export function envelopeProblem(response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>): string | null {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const envelope = body as Record<string, unknown>;
  if (typeof envelope.code !== 'number') return 'no numeric code';
  if (typeof envelope.msg !== 'string') return 'no string msg';
  if (!('data' in envelope)) return 'no data';
  return null;
}
