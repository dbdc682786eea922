import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db } from '../../src/server/db/database.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';

const MOBILE = '13955550024';

/** Migration 0024 clears the sign-in name the registration once copied into a unit's first document. */
describeEachDatabase('migration 0024 clears sign-in names from unit registration stubs', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  const ids = { stub: randomUUID(), saved: randomUUID(), clean: randomUUID() };
  const savedDocument = { unitType: 'enterprise', orgNameZh: '已保存公司', contactMobile: 'v1:sealed' };

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0023-arrival-day-column');
    db = stage.db;
    const now = new Date().toISOString();
    const edition = randomUUID();
    await sql`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    const unit = (id: string, document: unknown, complete: number) =>
      sql`insert into units (id, edition_id, unit_type, name, document, schema_version, created_at, complete) values (${id}, ${edition}, 'enterprise', 'U', ${JSON.stringify(document)}, 1, ${now}, ${complete})`.execute(
        db,
      );
    // a stub as the registration wrote it before: its whole body but the secrets it dropped then
    await unit(
      ids.stub,
      {
        userType: 2,
        unitName: '注册公司',
        name: '张三',
        account: MOBILE,
        password: 'Secret#1',
        confirmPassword: 'Secret#1',
        code: '123456',
        agreeTerms: true,
      },
      0,
    );
    await unit(ids.saved, savedDocument, 1);
    await unit(ids.clean, { userType: 2, unitName: '新公司', name: '李四' }, 0);
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('drops the sign-in name and secrets from stubs and leaves the rest and saved forms as they were', async () => {
    const documents = Object.fromEntries(
      (await db.selectFrom('units').select(['id', 'document']).execute()).map((row) => [row.id, JSON.parse(row.document) as unknown]),
    );
    expect(JSON.stringify(documents)).not.toContain(MOBILE);
    expect(JSON.stringify(documents)).not.toContain('Secret#1');
    expect(documents[ids.stub]).toEqual({ userType: 2, unitName: '注册公司', name: '张三', agreeTerms: true });
    expect(documents[ids.saved]).toEqual(savedDocument);
    expect(documents[ids.clean]).toEqual({ userType: 2, unitName: '新公司', name: '李四' });
  });
});
