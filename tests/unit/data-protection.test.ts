import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blindIndex } from '../../src/server/security/blind-index.js';
import { loadDataKeyring, keyIdOf, makeKeyring, parseKey } from '../../src/server/security/data-keys.js';
import { DataProtection, maskMobile } from '../../src/server/security/data-protection.js';
import { isSealed, keyIdOfSealed, open, seal, SealedValueError } from '../../src/server/security/sealed-values.js';
import { sensitiveFields, sensitiveFieldsOfSchema } from '../../src/server/security/sensitive-fields.js';

const key = () => randomBytes(32);
const ID = '370202198001010011';

describe('sealed values (AES-256-GCM)', () => {
  const keyring = makeKeyring(key(), [], key());

  it('seals with a fresh IV under the current key id and opens again', () => {
    const a = seal(keyring, ID);
    const b = seal(keyring, ID);
    expect(a).not.toBe(b);
    expect(a).not.toContain(ID);
    expect(isSealed(a)).toBe(true);
    expect(keyIdOfSealed(a)).toBe(keyring.current.id);
    expect(open(keyring, a)).toBe(ID);
    expect(open(keyring, seal(keyring, ''))).toBe('');
  });

  it('refuses a tampered ciphertext, tag or IV, and a value moved to another key id', () => {
    const sealed = seal(keyring, ID);
    const [v, id, iv, tag, body] = sealed.split(':') as [string, string, string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const tampered of [
      [v, id, iv, tag, flip(body)],
      [v, id, iv, flip(tag), body],
      [v, id, flip(iv), tag, body],
    ]) {
      expect(() => open(keyring, tampered.join(':'))).toThrow(SealedValueError);
    }
    // the key id is authenticated: relabelling the value under another known key fails too
    const other = makeKeyring(key(), [keyring.current.key], key());
    const relabelled = [v, other.current.id, iv, tag, body].join(':');
    expect(() => open(other, relabelled)).toThrow(/failed authentication/);
  });

  it('refuses a value sealed under a key the keyring does not hold, naming the key id', () => {
    const stranger = makeKeyring(key(), [], key());
    expect(() => open(keyring, seal(stranger, ID))).toThrow(new RegExp(`key ${stranger.current.id}`));
    expect(() => open(keyring, 'not sealed')).toThrow(SealedValueError);
  });

  it('rotates: a new current key with the old one kept opens both; re-sealing moves values to the new key', () => {
    const oldKey = key();
    const before = makeKeyring(oldKey, [], key());
    const old = seal(before, ID);
    const after = new DataProtection(makeKeyring(key(), [oldKey], before.indexKey));
    expect(after.open(old)).toBe(ID);
    const resealed = after.resealValue(old);
    expect(keyIdOfSealed(resealed)).toBe(after.keyring.current.id);
    expect(after.resealValue(resealed)).toBe(resealed);
    // once re-sealed, the old key is not needed any more
    expect(new DataProtection(makeKeyring(after.keyring.current.key, [], before.indexKey)).open(resealed)).toBe(ID);
  });
});

describe('keys from the environment', () => {
  it('reads base64, base64url and hex keys of 32 bytes and nothing else', () => {
    const bytes = key();
    expect(parseKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(parseKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseKey('x'.repeat(44))).toBeNull();
    expect(keyIdOf(bytes)).toHaveLength(8);
    expect(keyIdOf(bytes)).not.toBe(keyIdOf(key()));
  });

  it('requires DATA_KEY and DATA_INDEX_KEY in production and with REDIS_URL, and refuses bad old keys', () => {
    const problems: string[] = [];
    loadDataKeyring({ env: {}, dataDir: '/nonexistent', production: true, shared: false, problems });
    expect(problems).toEqual(['DATA_KEY is required in production', 'DATA_INDEX_KEY is required in production']);
    const shared: string[] = [];
    loadDataKeyring({ env: {}, dataDir: '/nonexistent', production: false, shared: true, problems: shared });
    expect(shared.join('\n')).toMatch(/DATA_KEY must be set explicitly when REDIS_URL is set/);
    const bad: string[] = [];
    const k = key().toString('hex');
    const ring = loadDataKeyring({
      env: { DATA_KEY: k, DATA_INDEX_KEY: key().toString('hex'), DATA_KEYS_OLD: `${key().toString('base64')}, nope` },
      dataDir: '/nonexistent',
      production: true,
      shared: false,
      problems: bad,
    });
    expect(bad.join('\n')).toMatch(/DATA_KEYS_OLD/);
    expect(ring.keys.size).toBe(2);
  });
});

describe('blind index and masks', () => {
  it('gives equal indexes to the same number however written, and different ones per key and kind', () => {
    const indexKey = key();
    expect(blindIndex(indexKey, 'idNumber', ' 37020219800101001x ')).toBe(blindIndex(indexKey, 'idNumber', '37020219800101001X'));
    expect(blindIndex(indexKey, 'mobile', '+8613800000001')).toBe(blindIndex(indexKey, 'mobile', '13800000001'));
    expect(blindIndex(indexKey, 'mobile', '13800000001')).not.toBe(blindIndex(key(), 'mobile', '13800000001'));
    expect(blindIndex(indexKey, 'mobile', '13800000001')).not.toBe(blindIndex(indexKey, 'idNumber', '13800000001'));
    expect(blindIndex(indexKey, 'mobile', '13800000001')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('masks mobiles like ID numbers: the ends only', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('1234')).toBe('****');
  });
});

describe('sensitive fields are schema data (x-sensitive)', () => {
  it('reads the marks of the stored schemas, nested objects included', () => {
    const paths = (name: string) =>
      sensitiveFields(name)
        .map((f) => `${f.path.join('.')}:${f.kind}`)
        .sort();
    expect(paths('guest')).toEqual(['idNumber:idNumber', 'mobile:mobile']);
    expect(paths('historical-guest')).toEqual(['idNumber:idNumber', 'inviter.phone:mobile', 'mobile:mobile']);
    expect(paths('temporary-registration')).toEqual(['mobile:mobile']);
  });

  it('covers a new field an organiser marks, in arrays and through definitions, with no code', () => {
    const schema = {
      type: 'object',
      properties: {
        contacts: { type: 'array', items: { type: 'object', properties: { phone: { $ref: '#/definitions/phone' } } } },
        passport: { type: 'string', 'x-sensitive': 'idNumber' },
      },
      definitions: { phone: { type: 'string', 'x-sensitive': 'mobile' } },
    };
    expect(sensitiveFieldsOfSchema(schema)).toEqual([
      { path: ['contacts', '*', 'phone'], kind: 'mobile' },
      { path: ['passport'], kind: 'idNumber' },
    ]);
  });

  it('seals and opens a document in place, leaving the other fields and the input untouched', () => {
    const protection = new DataProtection(makeKeyring(key(), [], key()));
    const document = { nameZh: '张三', idNumber: ID, mobile: '13812345678', inviter: { phone: '13900000000', name: '李四' } };
    const sealed = protection.sealDocument('historical-guest', document);
    expect(JSON.stringify(sealed)).not.toMatch(/370202|138123|139000/);
    expect(sealed.nameZh).toBe('张三');
    expect(sealed.inviter.name).toBe('李四');
    expect(document.idNumber).toBe(ID);
    expect(protection.openDocument('historical-guest', sealed)).toEqual(document);
    expect(protection.maskDocument('historical-guest', sealed)).toMatchObject({
      idNumber: '370202********0011',
      mobile: '138****5678',
      inviter: { phone: '139****0000' },
    });
    expect(protection.eraseDocument('historical-guest', sealed)).toEqual({ nameZh: '张三', inviter: { name: '李四' } });
  });
});
