/**
 * The cross-unit access matrix (issue 11): every unit-scoped route called by every other
 * account on one unit's guest, entourage member and file answers 403/404 and changes nothing;
 * no signed-in list leaks that unit's ids; no account but an organiser reaches an organiser
 * route; nobody without a valid session reaches a signed-in route. Routes come from the
 * OpenAPI document, so new routes join the matrix by themselves.
 */
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { bearer, tokenFor, useTestApp, type TestApp } from '../server/helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, memberBody, movableClock, residentId, uploadedFile } from '../server/guests-harness.js';
import { ALL_ACCOUNTS, ORGANISER } from './support/fuzz-world.js';
import { rngFor, runSeed } from './support/prng.js';
import { routeCatalogue, type RouteInfo } from './support/route-catalogue.js';
import { validValue, type NameHint } from './support/schema-values.js';
import { validBody } from './support/valid-inputs.js';
import { ownTables } from '../../src/server/db/schema-scoped.js';

const SEED = runSeed();

interface Victim {
  unitId: string;
  /** ids of the victim's records of every kind a POST without path parameters created */
  created: string[];
  guestId: string;
  memberId: string;
  fileId: string;
  photoId: string;
}

async function upload(t: TestApp, token: string): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 200, g: 210, b: 220 } } })
    .png()
    .toBuffer();
  const boundary = '----matrix';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="rule"\r\n\r\nbusinessCard\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/exhibition/qms/file/upload',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return (response.json() as { data: { id: string } }).data.id;
}

/**
 * Everything of the victim's unit (rows of every table with a unit_id, found by introspection,
 * so tables added later count too) and the shared settings, as text to compare.
 */
async function snapshot(t: TestApp, unitId: string): Promise<string> {
  const parts: unknown[] = [];
  parts.push((await sql`select * from units where id = ${unitId}`.execute(t.app.db)).rows);
  const tables = (await ownTables(t.app.db, t.app.config.databaseSchema)).filter((table) =>
    table.columns.some((c) => c.name === 'unit_id'),
  );
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = (await sql`select * from ${sql.table(table.name)} where unit_id = ${unitId}`.execute(t.app.db)).rows;
    parts.push(table.name, rows.map((row) => JSON.stringify(row)).sort());
  }
  parts.push((await sql`select * from editions order by id`.execute(t.app.db)).rows);
  parts.push((await sql`select * from invitation_codes order by code`.execute(t.app.db)).rows);
  parts.push((await sql`select count(*) as n from audit_log`.execute(t.app.db)).rows);
  return JSON.stringify(parts);
}

function requestFor(
  route: RouteInfo,
  victim: Victim,
  headers: Record<string, string>,
  hint: NameHint,
  strict = true,
  id = victim.guestId,
  rng = rngFor(SEED, route.key),
): InjectOptions {
  // the victim's ids where an id goes, valid values from the schema for anything else
  const params = (route.params ? validValue(route.params, rng, hint) : {}) as Record<string, unknown>;
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (name === 'memberId') return victim.memberId;
    if (name === 'id') return route.path.includes('/file/') ? victim.fileId : id;
    return encodeURIComponent(String(params[name] ?? ''));
  });
  const query = route.query ? (validValue(route.query, rng, hint) as Record<string, unknown>) : {};
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => [name, String(item)])),
  ).toString();
  const body = route.body ? validBody(route, rng, hint, strict) : undefined;
  return {
    method: route.method as InjectOptions['method'],
    url: search ? `${path}?${search}` : path,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  };
}

describeEachDatabase('cross-unit access matrix', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });
  let routes: RouteInfo[] = [];
  let victim: Victim;
  const tokens = new Map<string, string>();
  const cells: Record<string, number> = { crossUnit: 0, listLeaks: 0, organiserRoutes: 0, reveals: 0, anonymous: 0 };

  beforeAll(async () => {
    routes = await routeCatalogue(t.app);
    for (const account of ALL_ACCOUNTS) tokens.set(account, await tokenFor(t, account));
    const owner = await caller(t, ENTERPRISE);
    const guest = await addGuest(owner, t, ENTERPRISE, 700, { inviteCode: 'INVITE2025A' });
    const photoId = await uploadedFile(t, ENTERPRISE);
    const member = await owner.post<{ id: string }>(`qms/guest/${guest.id}/entourage`, memberBody(residentId(701), photoId));
    if (member.status !== 200) throw new Error(`member: ${JSON.stringify(member.body)}`);
    const fileId = await upload(t, owner.token);
    const unit = await t.app.db.selectFrom('accounts').select('unit_id').where('account', '=', ENTERPRISE).executeTakeFirstOrThrow();
    victim = { unitId: unit.unit_id!, created: [], guestId: guest.id, memberId: member.body.data.id, fileId, photoId };
    // one record of every other kind the unit can create (vehicles, sign-ups, wishes...)
    const creations = routes.filter(
      (route) =>
        route.method === 'POST' && route.signedIn && route.body && route.pathParams.length === 0 && !route.path.includes('/admin/'),
    );
    const rng = rngFor(SEED, 'victim-records');
    for (const route of creations) {
      for (let attempt = 0; attempt < 15; attempt += 1) {
        const response = await t.app.inject(requestFor(route, victim, bearer(owner.token), victimHint(), false, victim.guestId, rng));
        const id = response.statusCode === 200 ? (response.json() as { data?: { id?: unknown } }).data?.id : undefined;
        if (typeof id === 'string') {
          if (id !== guest.id) victim.created.push(id);
          break;
        }
        if (response.statusCode === 200) break;
      }
    }
    // the owner does reach them (else a 404 below would prove nothing)
    expect((await owner.get(`qms/guest/${guest.id}`)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/exhibition/qms/file/${fileId}`, headers: bearer(owner.token) })).statusCode).toBe(
      200,
    );
  });

  const victimHint = (): NameHint => (name, schema) => {
    if (name === 'id' || name === 'ids[]') return victim.guestId;
    if (name === 'memberId') return victim.memberId;
    if (schema['x-upload']) {
      const id = name === 'photo' ? victim.photoId : victim.fileId;
      return schema.type === 'array' ? [id] : id;
    }
    return undefined;
  };

  it("unit-scoped routes answer 403/404 to every other account on one unit's records, and change nothing", async () => {
    const before = await snapshot(t, victim.unitId);
    const scoped = routes.filter((route) => route.signedIn && !route.path.includes('/admin/') && route.pathParams.length > 0);
    expect(scoped.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const account of ALL_ACCOUNTS.filter((a) => a !== ENTERPRISE && a !== ORGANISER)) {
      for (const route of scoped) {
        // the guest id and the id of each other record the unit created, wherever an {id} goes
        for (const id of route.path.includes('/file/') ? [victim.fileId] : [victim.guestId, ...victim.created]) {
          const response = await t.app.inject(requestFor(route, victim, bearer(tokens.get(account)!), victimHint(), true, id));
          cells.crossUnit! += 1;
          if (![403, 404].includes(response.statusCode))
            wrong.push(`${account} ${route.key} ${id} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t, victim.unitId)).toBe(before);
  });

  it("no signed-in read without ids shows another unit's records", async () => {
    const lists = routes.filter((route) => route.signedIn && route.method === 'GET' && route.pathParams.length === 0);
    const leaks: string[] = [];
    for (const account of ALL_ACCOUNTS.filter((a) => a !== ENTERPRISE && a !== ORGANISER)) {
      for (const route of lists) {
        const response = await t.app.inject({ method: 'GET', url: route.path, headers: bearer(tokens.get(account)!) });
        cells.listLeaks! += 1;
        for (const id of [victim.guestId, victim.memberId, victim.fileId, victim.photoId, ...victim.created]) {
          if (response.body.includes(id)) leaks.push(`${account} ${route.key} shows ${id}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('no account but an organiser reaches an organiser route, and nothing changes', async () => {
    const before = await snapshot(t, victim.unitId);
    const organiserRoutes = routes.filter((route) => route.path.includes('/admin/'));
    expect(organiserRoutes.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const account of ALL_ACCOUNTS.filter((a) => a !== ORGANISER)) {
      for (const route of organiserRoutes) {
        const response = await t.app.inject(requestFor(route, victim, bearer(tokens.get(account)!), victimHint()));
        cells.organiserRoutes! += 1;
        if (![403, 404].includes(response.statusCode))
          wrong.push(`${account} ${route.key} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t, victim.unitId)).toBe(before);
  });

  it("every reveal route shows a value only to the record's unit or to organisers, each showing one audit line (issue 18)", async () => {
    const reveals = routes.filter((route) => route.method === 'POST' && route.path.endsWith('/reveal'));
    // the record kinds whose answers mask a value, as the app serves them
    expect(reveals.map((route) => route.path.replace('/exhibition/', '')).sort()).toEqual(
      [
        'admin/console/receptionist/{id}/reveal',
        'admin/guest/{id}/reveal',
        'admin/historical-guest/{id}/reveal',
        'admin/temporary/{id}/reveal',
        'admin/temporary/recommendations/{id}/reveal',
        'admin/unofficial-guest/{id}/reveal',
        'admin/vehicle/{id}/reveal',
        'qms/guest/{id}/reveal',
        'qms/my-registration/reception/reveal',
        'qms/unit/reveal',
        'qms/unofficial-guest/{id}/reveal',
        'qms/vehicle/{id}/reveal',
      ].sort(),
    );
    const organiserToken = tokens.get(ORGANISER)!;
    const historical = await t.app.inject({
      method: 'POST',
      url: '/exhibition/admin/historical-guest',
      headers: { ...bearer(organiserToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ session: 3, nameZh: '王历届', unitName: '青岛历届集团', position: '董事长', mobile: '13912340001' }),
    });
    expect(historical.statusCode, historical.body).toBe(200);
    const receptionist = await t.app.inject({
      method: 'POST',
      url: '/exhibition/admin/console/receptionist',
      headers: { ...bearer(organiserToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: '钱接待', mobile: '13912340002' }),
    });
    expect(receptionist.statusCode, receptionist.body).toBe(200);
    const contentIds = await t.app.db.selectFrom('content_records').select(['id', 'kind']).where('unit_id', '=', victim.unitId).execute();
    const recordOf = (path: string): { id: string; field: string } | null => {
      if (path.includes('/guest/')) return { id: victim.guestId, field: 'idNumber' };
      if (path.includes('/receptionist/')) return { id: (receptionist.json() as { data: { id: string } }).data.id, field: 'mobile' };
      if (path.includes('/historical-guest/')) return { id: (historical.json() as { data: { id: string } }).data.id, field: 'mobile' };
      const kind = contentIds.find((row) => path.includes(`/${row.kind}/`));
      return kind ? { id: kind.id, field: 'mobile' } : null;
    };
    const auditLines = async () =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from audit_log where action = 'personal-data.reveal'`.execute(t.app.db))
          .rows[0]!.n,
      );
    const show = (path: string, id: string, field: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: path.replace('{id}', id),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ field }),
      });
    const wrong: string[] = [];
    let shown = 0;
    for (const route of reveals.filter((r) => r.pathParams.length > 0)) {
      const record = recordOf(route.path);
      if (!record) continue; // temporary registrations: covered in tests/server/personal-data-reveal-records.test.ts
      const admin = route.path.includes('/admin/');
      const allowed = admin ? ORGANISER : ENTERPRISE;
      const before = await auditLines();
      const own = await show(route.path, record.id, record.field, bearer(tokens.get(allowed)!));
      cells.reveals! += 1;
      if (own.statusCode !== 200 || (await auditLines()) !== before + 1)
        wrong.push(`${allowed} ${route.key} -> ${own.statusCode} without its audit line ${own.body.slice(0, 120)}`);
      else shown += 1;
      // another unit, the guest account, every other account: 403/404 and no audit line
      for (const account of ALL_ACCOUNTS.filter((a) => a !== allowed && !(admin && a === ORGANISER))) {
        const lines = await auditLines();
        const response = await show(route.path, record.id, record.field, bearer(tokens.get(account)!));
        cells.reveals! += 1;
        if (![403, 404].includes(response.statusCode) || (await auditLines()) !== lines)
          wrong.push(`${account} ${route.key} -> ${response.statusCode}`);
      }
      const anonymous = await show(route.path, record.id, record.field, {});
      if (anonymous.statusCode !== 401) wrong.push(`anonymous ${route.key} -> ${anonymous.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // the guest and its unit's vehicle/unofficial guest (the victim created them), the historical guest, the receptionist
    expect(shown).toBeGreaterThanOrEqual(4);
  });

  it('without a valid session no signed-in route answers anything but 401, and nothing changes', async () => {
    const before = await snapshot(t, victim.unitId);
    // a token that was valid: signed out since
    const revoked = await tokenFor(t, ENTERPRISE);
    expect((await t.app.inject({ method: 'POST', url: '/exhibition/center/user/basic/logout', headers: bearer(revoked) })).statusCode).toBe(
      200,
    );
    const callers: Record<string, Record<string, string>> = {
      anonymous: {},
      forged: { authorization: `Bearer ${'A'.repeat(43)}` },
      revoked: bearer(revoked),
      malformed: { authorization: 'Bearer' },
      basic: { authorization: 'Basic ZW50ZXJwcmlzZTpTdW1taXQjMjAyNQ==' },
    };
    const signedIn = routes.filter((route) => route.signedIn);
    const wrong: string[] = [];
    for (const [who, headers] of Object.entries(callers)) {
      for (const route of signedIn) {
        // sign-in comes before validation: the body need not be valid here
        const response = await t.app.inject(requestFor(route, victim, headers, victimHint(), false));
        cells.anonymous! += 1;
        if (response.statusCode !== 401) wrong.push(`${who} ${route.key} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t, victim.unitId)).toBe(before);
    const total = Object.values(cells).reduce((sum, n) => sum + n, 0);
    console.log(
      `access matrix [${kind}]: ${victim.created.length} other records of the unit, ${total} cells (${Object.entries(cells)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}), ${routes.length} routes, ${ALL_ACCOUNTS.length} accounts, seed ${SEED}`,
    );
  });
});
