/**
 * The exports of the lists a screen hosts (their rows come with a record, whose id the host gives
 * as the list's filter `id`): an activity's roster and waiting list (organisers), a unit's
 * sign-ups for an activity and a guest's entourage (units). Each holds exactly the rows its list
 * shows, masked as there, each download an audit entry; other accounts get 403 before the query
 * is read. Both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { listExports, sheetRows, workbookRows } from './helpers/list-pages.js';
import type { Page } from '../../src/shared/api-types.js';
import type { AdminActivityDetail } from '../../src/shared/activity-api.js';
import type { GuestDetail } from '../../src/shared/guest-api.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  ENTERPRISE2,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  STAFF,
  uploadedFile,
  type Caller,
} from './guests-harness.js';
import { approvedGuest, createActivity, signUp, unitDetail } from './activities-harness.js';

type AuditItem = { actorAccount: string; action: string; targetId: string; targetLabel: string | null; after: unknown };

describeEachDatabase('exports of the lists screens host', (kind) => {
  const time = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: time.clock });
  const { download } = listExports(t);

  const exportsAudited = async (organiser: Caller) =>
    (await organiser.get<Page<AuditItem>>('admin/console/audit/page?action=list.export&pageSize=100')).body.data.records;

  /** The export's sheet for the account, after checking it answered a workbook. */
  async function sheetOf(url: string, account: string): Promise<string[][]> {
    const answer = await download(url, account);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return sheetRows(answer.rawPayload);
  }

  it("exports an activity's roster and waiting list as the organisers' dialog lists them, and a unit's own sign-ups as its dialog does", async () => {
    const organiser = await caller(t, ORGANISER);
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const activity = await createActivity(organiser, { name: '导出参观', memberLimit: 2 });
    const g1 = await approvedGuest(first, t, ENTERPRISE, 901, 'INVITE2025A');
    const g2 = await approvedGuest(second, t, ENTERPRISE2, 902, 'ENT2-GUEST');
    const g3 = await approvedGuest(first, t, ENTERPRISE, 903, 'INVITE2025A');
    const g4 = await approvedGuest(second, t, ENTERPRISE2, 904, 'ENT2-GUEST');
    for (const [unit, guest] of [
      [first, g1],
      [second, g2],
      [first, g3],
      [second, g4],
    ] as const)
      expect((await signUp(unit, activity.id, guest)).status).toBe(200);

    const detail = (await organiser.get<AdminActivityDetail>(`admin/activity/${activity.id}`)).body.data;
    expect(detail.signedUp.length).toBe(2);
    expect(detail.waiting.length).toBe(2);
    const shownRoster = (rows: AdminActivityDetail['signedUp']) =>
      rows.map((row) => [row.waitingPosition === null ? '' : String(row.waitingPosition), row.personName, row.unitName]);
    const signedUp = await workbookRows((await download(`admin/activity/export/signed-up?id=${activity.id}`)).rawPayload);
    // the list's columns, and beside them what the roster's workbook always held (guest or member, seat, remarks)
    expect(signedUp[0]).toEqual([
      'Waiting place',
      'Name',
      'Guest / entourage',
      'Unit',
      'Speaker',
      'Seat number',
      'Remarks',
      'Signed up at',
    ]);
    // an empty first cell (no waiting place) reads as a hole of the row
    const firstThree = (row: string[]) => [row[0] ?? '', row[1], row[3]];
    expect(signedUp.slice(1).map(firstThree)).toEqual(shownRoster(detail.signedUp));
    expect(signedUp.slice(1).every((row) => row[2] === 'Guest' && row[4] === 'No')).toBe(true);
    const waiting = await sheetOf(`admin/activity/export/waiting?id=${activity.id}`, ORGANISER);
    expect(waiting.map(firstThree)).toEqual(shownRoster(detail.waiting));
    expect(waiting.map((row) => row[0])).toEqual(['1', '2']);

    // the unit's own sign-ups: its rows only, in its dialog's order, the status as the list reads it
    const mine = (await unitDetail(second, activity.id)).mySignUps;
    expect(mine.map((row) => row.guestId)).toEqual([g2, g4]);
    const ours = await workbookRows((await download(`qms/export/activity-sign-ups?id=${activity.id}`, ENTERPRISE2)).rawPayload);
    expect(ours[0]).toEqual(['Name', 'Status', 'Speech materials']);
    expect(ours.slice(1)).toEqual(
      mine.map((row) => [
        row.personName,
        row.status === 'waiting' ? `Waiting list, place ${row.waitingPosition}` : 'Signed up',
        `${row.speechMaterials.length} file(s)`,
      ]),
    );
    const theirs = await sheetOf(`qms/export/activity-sign-ups?id=${activity.id}`, ENTERPRISE);
    expect(theirs.map((row) => row[0])).toEqual((await unitDetail(first, activity.id)).mySignUps.map((row) => row.personName));
    expect(theirs.length).toBe(2);

    const audited = await exportsAudited(organiser);
    for (const [actor, target, rows] of [
      [ORGANISER, 'activity.export.files.signedUp', 2],
      [ORGANISER, 'activity.export.files.waiting', 2],
      [ENTERPRISE2, 'activity.export.files.mySignUps', 2],
    ] as const)
      expect(
        audited.some(
          (entry) =>
            entry.actorAccount === actor &&
            entry.targetId === target &&
            JSON.stringify(entry.after) === JSON.stringify({ filter: { id: activity.id }, rows }),
        ),
        `${target} ${JSON.stringify(audited)}`,
      ).toBe(true);
    expect(audited.find((entry) => entry.targetId === 'activity.export.files.waiting')!.targetLabel).toBe('activity-waiting-list');

    // the roster is the organisers', the sign-ups a unit's: anyone else 403 before the query is read; a bad query 400
    for (const list of ['signed-up', 'waiting']) {
      expect((await download(`admin/activity/export/${list}?id=${activity.id}`, ENTERPRISE)).statusCode, list).toBe(403);
      expect((await download(`admin/activity/export/${list}?id=bogus`, STAFF)).statusCode, list).toBe(403);
      expect((await download(`admin/activity/export/${list}`, ORGANISER)).statusCode, list).toBe(400);
      expect((await download(`admin/activity/export/${list}?id=00000000-0000-4000-8000-000000000000`)).statusCode, list).toBe(404);
    }
    expect((await download(`qms/export/activity-sign-ups?id=${activity.id}`, ORGANISER)).statusCode).toBe(403);
    expect((await download(`qms/export/activity-sign-ups?id=bogus`, STAFF)).statusCode).toBe(403);
    expect((await download('qms/export/activity-sign-ups', ENTERPRISE)).statusCode).toBe(400);
    expect((await download('qms/export/activity-sign-ups?id=00000000-0000-4000-8000-000000000000', ENTERPRISE)).statusCode).toBe(404);
    const before = (await exportsAudited(organiser)).length;
    expect((await t.app.inject({ method: 'GET', url: `/exhibition/admin/activity/export/waiting?id=${activity.id}` })).statusCode).toBe(
      401,
    );
    expect((await exportsAudited(organiser)).length).toBe(before);
  });

  it("exports a guest's entourage as the unit's guest record lists it, ID numbers masked; never another unit's guest", async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    // members are added to an approved guest (the invitation code needs no review)
    const guest = await addGuest(unit, t, ENTERPRISE, 910, { nameZh: '导出随行主宾', inviteCode: 'INVITE2025A' });
    for (const [sequence, nameZh] of [
      [911, '乙随行'],
      [912, '甲随行'],
    ] as const) {
      const added = await unit.post(
        `qms/guest/${guest.id}/entourage`,
        memberBody(residentId(sequence), await uploadedFile(t, ENTERPRISE), { nameZh }),
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const shown = (await unit.get<GuestDetail>(`qms/guest/${guest.id}`)).body.data.entourage;
    expect(shown.length).toBe(2);
    const rows = await workbookRows((await download(`qms/export/entourage?id=${guest.id}`, ENTERPRISE)).rawPayload);
    expect(rows[0]).toEqual(['Name', 'ID number']);
    expect(rows.slice(1)).toEqual(shown.map((member) => [member.document.nameZh, member.idNumberMasked]));
    expect(rows.slice(1).every((row) => row[1]!.includes('*'))).toBe(true);
    for (const sequence of [911, 912]) expect(rows.flat().join('\n')).not.toContain(residentId(sequence));

    const audited = await exportsAudited(organiser);
    expect(
      audited.some(
        (entry) =>
          entry.actorAccount === ENTERPRISE &&
          entry.targetId === 'guest.entourage.exportFile' &&
          JSON.stringify(entry.after) === JSON.stringify({ filter: { id: guest.id }, rows: 2 }),
      ),
      JSON.stringify(audited),
    ).toBe(true);

    // another unit does not see the guest (as its record answers), organisers and staff have no unit
    const otherRecord = await (await caller(t, ENTERPRISE2)).get(`qms/guest/${guest.id}`);
    const other = await download(`qms/export/entourage?id=${guest.id}`, ENTERPRISE2);
    expect(other.statusCode).toBe(otherRecord.status);
    expect(other.statusCode).not.toBe(200);
    expect((await download(`qms/export/entourage?id=${guest.id}`, ORGANISER)).statusCode).toBe(403);
    expect((await download(`qms/export/entourage?id=${guest.id}`, STAFF)).statusCode).toBe(403);
    expect((await download('qms/export/entourage', ENTERPRISE)).statusCode).toBe(400);
    expect((await download('qms/export/entourage?id=00000000-0000-4000-8000-000000000000', ENTERPRISE)).statusCode).toBe(404);
  });
});
