import { benchDatabase } from './fixture.js';
const db = await benchDatabase('sqlite', 100_000);
const drafts = db.app.services.forms.drafts;
const live = await drafts.live('guest');
const doc = structuredClone(live.document);
const schema = doc.schema as any;
schema.properties.badgeX = { type: 'string', minLength: 1, maxLength: 20, 'x-i18n': 'schema.fields.badgeX' };
schema.required = [...schema.required, 'badgeX'];
const { $ref, ...ann } = schema.properties.nameZh;
schema.properties.nameZh = $ref ? { ...ann, allOf: [{ $ref }], maxLength: 2 } : { ...schema.properties.nameZh, maxLength: 2 };
await drafts.compile('guest', doc);
for (let i = 0; i < 2; i++) {
  schema.properties.badgeX.maxLength = 20 + i;
  const t0 = performance.now();
  const r = await drafts.storedRecords('guest', doc, 10000);
  console.log('delta', r.affected, ((performance.now() - t0) / 1000).toFixed(2));
}
process.exit(0);
