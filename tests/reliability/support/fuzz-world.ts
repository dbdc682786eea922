/**
 * The people and records a fuzz run plays with: one signed-in session per demo account
 * (re-created when a fuzzed logout or password change ends it) and pools of real ids (guests,
 * entourage members, uploads, notices, invitation codes) so generated inputs hit real records
 * of the caller's own unit and of other units, not only unknown ids.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AccountNames } from '../../../src/server/auth/account-names.js';
import { uploadRuleCatalogue } from '../../../src/server/uploads/upload-rule-catalogue.js';
import { guestBody } from '../../server/helpers/guest-body.js';
import type { Rng } from './prng.js';
import { residentIdNumber } from './schema-values.js';

export const UNIT_ACCOUNTS = [
  'enterprise@demo.example.com',
  'enterprise2@demo.example.com',
  'government@demo.example.com',
  'media@demo.example.com',
];
export const ORGANISER = 'organiser@demo.example.com';
export const GUEST = '13800000007';
export const OTHER_ACCOUNTS = ['staff@demo.example.com', 'volunteer@demo.example.com', 'same-period@demo.example.com'];
export const ALL_ACCOUNTS = [...UNIT_ACCOUNTS, ORGANISER, GUEST, ...OTHER_ACCOUNTS];

export interface Person {
  account: string;
  id: string;
  userType: string;
  unitId: string | null;
  token: string;
}

type UploadsTable = {
  uploads: {
    id: string;
    owner_account_id: string;
    unit_id: string | null;
    rule_name: string;
    mime: string;
    bytes: number;
    width: number | null;
    height: number | null;
    original_name: string;
    storage_name: string;
    created_at: string;
  };
};

export interface Pools {
  guests: { id: string; unitId: string | null }[];
  members: { id: string; guestId: string; unitId: string | null }[];
  uploads: { id: string; owner: string; rule: string }[];
  notices: string[];
  codes: string[];
}

export class FuzzWorld {
  readonly people = new Map<string, Person>();
  pools: Pools = { guests: [], members: [], uploads: [], notices: [], codes: [] };

  constructor(readonly app: FastifyInstance) {}

  async signInEveryone(): Promise<void> {
    // a mobile sign-in name is stored as its blind index (issue 18)
    const names = new AccountNames(this.app.services.protection);
    for (const account of ALL_ACCOUNTS) {
      const row = await this.app.db
        .selectFrom('accounts')
        .select(['id', 'user_type', 'unit_id'])
        .where('account', '=', names.key(account))
        .executeTakeFirstOrThrow();
      this.people.set(account, {
        account,
        id: row.id,
        userType: row.user_type,
        unitId: row.unit_id,
        token: await this.app.services.sessions.create(row.id),
      });
    }
  }

  person(account: string): Person {
    const person = this.people.get(account);
    if (!person) throw new Error(`unknown account ${account}`);
    return person;
  }

  /** A fresh session: the fuzz may have logged out, changed the password or the account name. */
  async renew(account: string): Promise<void> {
    const person = this.person(account);
    person.token = await this.app.services.sessions.create(person.id);
  }

  /** Upload rows without files (as the guest tests do): photo ids a unit's guest documents can use. */
  async seedUploadRows(perAccount: number): Promise<void> {
    const db = this.app.db.withTables<UploadsTable>();
    for (const account of [...UNIT_ACCOUNTS, GUEST]) {
      const person = this.person(account);
      // photos mostly, and a few of every other rule (logo, speechMaterials...)
      const rules = [
        ...Array.from({ length: perAccount }, () => 'photo'),
        ...[...uploadRuleCatalogue().keys()].filter((rule) => rule !== 'photo').flatMap((rule) => [rule, rule]),
      ];
      for (const rule of rules) {
        const id = randomUUID();
        await db
          .insertInto('uploads')
          .values({
            id,
            owner_account_id: person.id,
            unit_id: person.unitId,
            rule_name: rule,
            mime: 'image/jpeg',
            bytes: 300_000,
            width: 600,
            height: 800,
            original_name: 'photo.jpg',
            storage_name: `seed${id.replace(/-/g, '')}`.slice(0, 43).padEnd(43, 'x'),
            created_at: new Date().toISOString(),
          })
          .execute();
      }
    }
  }

  /**
   * A few guests per unit through the API (approved where the unit's invitation code grants
   * it) with one entourage member each, so the deep routes have records to work on.
   */
  async seedGuests(perUnit: number, rng: Rng): Promise<void> {
    const codes: Record<string, string | undefined> = {
      'enterprise@demo.example.com': 'INVITE2025A',
      'enterprise2@demo.example.com': 'ENT2-GUEST',
      'government@demo.example.com': 'GOV-GUEST',
      'media@demo.example.com': 'MEDIA-GUEST',
    };
    await this.refreshPools();
    for (const account of UNIT_ACCOUNTS) {
      const person = this.person(account);
      const headers = { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' };
      const ownPhotos = this.pools.uploads.filter((u) => u.owner === person.id && u.rule === 'photo').map((u) => u.id);
      const photo = () => rng.pick(ownPhotos);
      for (let i = 0; i < perUnit; i += 1) {
        const body = guestBody(residentIdNumber(rng), photo(), {
          ...(i % 3 === 2 || !codes[account] ? {} : { inviteCode: codes[account] }),
          mobile: `137${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
        });
        const added = await this.app.inject({ method: 'POST', url: '/exhibition/qms/guest', headers, payload: JSON.stringify(body) });
        if (added.statusCode !== 200) throw new Error(`seed guest: ${added.body}`);
        const guestId = (added.json() as { data: { id: string } }).data.id;
        const member = {
          nameZh: '李四',
          gender: 'female',
          nationality: '中国',
          mobile: '13912345678',
          idType: 'resident-id',
          idNumber: residentIdNumber(rng),
          idNumberConsent: true,
          photo: photo(),
        };
        await this.app.inject({
          method: 'POST',
          url: `/exhibition/qms/guest/${guestId}/entourage`,
          headers,
          payload: JSON.stringify(member),
        });
      }
    }
  }

  async refreshPools(): Promise<void> {
    const db = this.app.db;
    const guests = await db.selectFrom('guests').select(['id', 'unit_id']).orderBy('created_at').orderBy('id').execute();
    const members = await db
      .selectFrom('entourage_members')
      .select(['id', 'guest_id', 'unit_id'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const uploads = await db
      .withTables<UploadsTable>()
      .selectFrom('uploads')
      .select(['id', 'owner_account_id', 'rule_name'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const notices = await db.selectFrom('notices').select('id').orderBy('release_time').orderBy('id').execute();
    const codes = await db.selectFrom('invitation_codes').select('code').orderBy('code').execute();
    this.pools = {
      guests: guests.map((g) => ({ id: g.id, unitId: g.unit_id })),
      members: members.map((m) => ({ id: m.id, guestId: m.guest_id, unitId: m.unit_id })),
      uploads: uploads.map((u) => ({ id: u.id, owner: u.owner_account_id, rule: u.rule_name })),
      notices: notices.map((n) => n.id),
      codes: codes.map((c) => c.code),
    };
  }

  /** Mostly the caller's own records, sometimes another unit's, sometimes nobody's. */
  guestId(rng: Rng, caller: Person | null): string {
    const own = this.pools.guests.filter((g) => caller && g.unitId !== null && g.unitId === caller.unitId);
    const roll = rng.next();
    if (roll < 0.7 && own.length > 0) return rng.pick(own).id;
    if (roll < 0.9 && this.pools.guests.length > 0) return rng.pick(this.pools.guests).id;
    return rng.chance(0.5) ? randomLikeId(rng) : rng.pick(['0', 'null', 'undefined', 'x'.repeat(64), '-1']);
  }

  memberId(rng: Rng, guestId: string | undefined): string {
    const ofGuest = this.pools.members.filter((m) => m.guestId === guestId);
    if (ofGuest.length > 0 && rng.chance(0.8)) return rng.pick(ofGuest).id;
    if (this.pools.members.length > 0 && rng.chance(0.7)) return rng.pick(this.pools.members).id;
    return randomLikeId(rng);
  }

  uploadId(rng: Rng, caller: Person | null, rule: string): string {
    const own = this.pools.uploads.filter((u) => caller && u.owner === caller.id && u.rule === rule);
    if (own.length > 0 && rng.chance(0.85)) return rng.pick(own).id;
    if (this.pools.uploads.length > 0 && rng.chance(0.6)) return rng.pick(this.pools.uploads).id;
    return randomLikeId(rng);
  }
}

/** A UUID-shaped id from the seeded stream (never a real record's). */
export function randomLikeId(rng: Rng): string {
  const hex = () =>
    Math.floor(rng.next() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}
