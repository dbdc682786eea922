/**
 * One fuzz request for one route: the caller (the right account type mostly, sometimes the
 * wrong one, anonymous or a forged token), then params, query and body from the route's
 * schemas, valid or with one mutation, or a raw breakage (bad JSON, bad URL encoding...).
 */
import type { InjectOptions } from 'fastify';
import type { Rng } from './prng.js';
import type { JsonSchema, RouteInfo } from './route-catalogue.js';
import { HOSTILE_STRINGS, mutation, validValue, type NameHint } from './schema-values.js';
import { ALL_ACCOUNTS, GUEST, ORGANISER, UNIT_ACCOUNTS, type FuzzWorld, type Person } from './fuzz-world.js';
import { multipartBody } from './multipart.js';

export interface FuzzRequest {
  options: InjectOptions;
  /** account name, 'anonymous' or 'forged' */
  caller: string;
  /** what was done to the input: 'valid', 'body: nameZh: length 101'... */
  label: string;
}

/** percent-encodes even lone surrogates (as their 3 UTF-8-like bytes), which encodeURIComponent refuses */
export function looseEncode(value: string): string {
  let out = '';
  for (const char of value) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

function urlFor(route: RouteInfo, params: Record<string, unknown>, query: Record<string, unknown> | null): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => looseEncode(String(params[name] ?? '')));
  if (!query || typeof query !== 'object') return path;
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${looseEncode(name)}=${looseEncode(typeof item === 'object' ? JSON.stringify(item) : String(item))}`);
    }
  }
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}

function rightCaller(route: RouteInfo, rng: Rng): string {
  if (route.path.includes('/admin/')) return rng.chance(0.9) ? ORGANISER : 'staff@demo.example.com';
  return rng.chance(0.85) ? rng.pick(UNIT_ACCOUNTS) : rng.pick([GUEST, ORGANISER]);
}

function chooseCaller(route: RouteInfo, rng: Rng): string {
  if (!route.signedIn) return rng.chance(0.8) ? 'anonymous' : rng.pick(ALL_ACCOUNTS);
  const roll = rng.next();
  if (roll < 0.78) return rightCaller(route, rng);
  if (roll < 0.92) return rng.pick(ALL_ACCOUNTS);
  return rng.chance(0.5) ? 'anonymous' : 'forged';
}

function hintsFor(world: FuzzWorld, route: RouteInfo, rng: Rng, person: Person | null): NameHint {
  let chosenGuest: string | undefined;
  return (name, schema) => {
    if (name === 'id' || name === 'ids[]') {
      if (route.path.includes('notice'))
        return world.pools.notices.length > 0 && rng.chance(0.85) ? rng.pick(world.pools.notices) : undefined;
      if (route.path.includes('/file')) return world.uploadId(rng, person, 'photo');
      chosenGuest = world.guestId(rng, person);
      return chosenGuest;
    }
    if (name === 'memberId') return world.memberId(rng, chosenGuest);
    if (schema['x-upload']) {
      const id = () => world.uploadId(rng, person, name === 'photo' ? 'photo' : name);
      return schema.type === 'array' ? [id()] : id();
    }
    if ((name === 'inviteCode' || (name === 'code' && route.path.includes('invite'))) && world.pools.codes.length > 0 && rng.chance(0.9)) {
      return rng.pick(world.pools.codes);
    }
    if (name === 'unitType' && person && ['enterprise', 'government', 'media'].includes(person.userType) && rng.chance(0.8))
      return person.userType;
    if (name === 'account' && rng.chance(0.4)) return rng.pick(ALL_ACCOUNTS);
    if ((name === 'oldPassword' || name === 'password') && rng.chance(0.15)) return 'Summit#2025';
    return undefined;
  };
}

const RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{"a":1}{"b":2}',
  '\u0000',
  '['.repeat(5000) + ']'.repeat(5000),
  `{"x":"${'a'.repeat(1_100_000)}"}`,
  '{"__proto__":{"admin":true}}',
  '\ufeff{}',
];
const BAD_PATH_PIECES = ['%', '%E0%A4%A', '%00', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', '%uD800', 'a'.repeat(2000), '%2e%2e', '\u{1F600}'];

export function fuzzRequest(world: FuzzWorld, route: RouteInfo, rng: Rng, files: { png: Buffer; jpeg: Buffer }): FuzzRequest {
  const caller = chooseCaller(route, rng);
  const person = caller === 'anonymous' || caller === 'forged' ? null : world.person(caller);
  const headers: Record<string, string> = {};
  if (person) headers.authorization = `Bearer ${person.token}`;
  if (caller === 'forged')
    headers.authorization = rng.pick(['Bearer ' + 'A'.repeat(43), 'Bearer', 'Basic abc', 'Bearer ' + 'x'.repeat(300), 'Bearer a\u0000b']);
  headers['accept-language'] = rng.pick(['zh-CN', 'en', 'en', 'fr', '*', 'zh-CN;q=0.1,en;q=0.9', '\u00ff'.repeat(10)]);

  const hint = hintsFor(world, route, rng, person);
  const params = route.params ? (validValue(route.params, rng, hint) as Record<string, unknown>) : {};
  let query = route.query ? (validValue(route.query, rng, hint) as Record<string, unknown>) : null;
  let body: unknown = route.body ? validValue(route.body, rng, hint) : undefined;
  let label = 'valid';
  let rawUrl: string | null = null;
  let rawBody: { payload: string | Buffer; contentType: string } | null = null;

  const roll = rng.next();
  if (route.multipart) {
    const made = multipartBody(rng, files);
    rawBody = { payload: made.payload, contentType: made.contentType };
    label = `multipart ${made.label}`;
  } else if (roll < 0.45) {
    // valid as generated
  } else if (roll < 0.7 && route.body) {
    const mutated = mutation(body, route.body, rng);
    body = mutated.value;
    label = `body ${mutated.label}`;
  } else if (roll < 0.82 && (route.query || route.params)) {
    if (route.query && (rng.chance(0.6) || !route.params)) {
      const mutated = mutation(query, route.query as JsonSchema, rng);
      query = mutated.value as Record<string, unknown>;
      label = `query ${mutated.label}`;
    } else if (route.params) {
      const mutated = mutation(params, route.params, rng);
      Object.assign(params, mutated.value);
      label = `params ${mutated.label}`;
    }
  } else if (roll < 0.9) {
    const raw = rng.pick(RAW_BODIES);
    rawBody = {
      payload: raw,
      contentType: rng.pick([
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
      ]),
    };
    label = `raw body ${JSON.stringify(raw.slice(0, 16))} as ${rawBody.contentType}`;
  } else {
    const piece = rng.pick(BAD_PATH_PIECES);
    const base = urlFor(route, params, query);
    rawUrl =
      route.pathParams.length > 0 && rng.chance(0.6)
        ? route.path.replace(/\{[^}]+\}/g, piece)
        : `${base}${base.includes('?') ? '&' : '?'}${rng.pick(['name', 'code', 'id', 'to', 'x'])}=${piece}`;
    if (rng.chance(0.2)) rawUrl = `${rawUrl}&${rawUrl.split('?')[1] ?? 'a=1'}`;
    label = `url ${piece.slice(0, 20)}`;
  }
  if (label === 'valid' && rng.chance(0.05)) {
    query = { ...(query ?? {}), [rng.pick(['extra', 'pageNum', 'status'])]: rng.pick(HOSTILE_STRINGS) };
    label = 'valid + hostile query';
  }

  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: rawUrl ?? urlFor(route, params, query), headers };
  if (rawBody) {
    options.payload = rawBody.payload;
    headers['content-type'] = rawBody.contentType;
  } else if (route.body) {
    options.payload = JSON.stringify(body ?? null);
    headers['content-type'] = 'application/json';
  }
  return { options, caller, label };
}
