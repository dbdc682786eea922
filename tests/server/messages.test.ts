/**
 * Messages to people: what organisers send to chosen guests or a saved filter, the automatic
 * messages (registration, review decisions, activity places, reminders), and the delivery queue
 * (one delivery per recipient and channel, back-off, delivery states, no second send when an
 * instance dies mid-send), on both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { messageCode, useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER, setEdition } from './guests-harness.js';
import { approvedGuest, createActivity, signUp } from './activities-harness.js';
import type { MessageTransport, OutgoingMessage } from '../../src/server/outbox/delivery.js';
import { MessageQueue } from '../../src/server/features/messages/message-queue.js';
import { messageDb } from '../../src/server/features/messages/message-tables.js';
import { clockOf } from '../../src/server/clock.js';
import type { MessageItem, MessageRecipientItem } from '../../src/shared/message-api.js';
import type { Page } from '../../src/shared/api-types.js';

/** A transport that records what it delivered and refuses addresses it is told to. */
function recordingTransport() {
  const delivered: OutgoingMessage[] = [];
  const refusing = new Set<string>();
  const transport: MessageTransport = {
    deliver: async (message) => {
      if (refusing.has(message.to)) throw new Error('mailbox unavailable');
      delivered.push(message);
    },
  };
  return { transport, delivered, refusing };
}

const QUEUE = { backoffMs: 60_000, maxBackoffMs: 3_600_000, maxAttempts: 3, leaseMs: 60_000, batch: 50, parallel: 2 };

describeEachDatabase('messages to people', (kind) => {
  const time = movableClock('2027-06-01T04:00:00.000Z');
  const email = recordingTransport();
  const sms = recordingTransport();
  const t = useTestApp(
    kind,
    { MESSAGE_WORKER: '0', PORTAL_URL: 'https://summit.example' },
    { clock: time.clock, emailTransport: email.transport, smsTransport: sms.transport, messageQueue: QUEUE },
  );
  const drain = () => t.app.services.messages.worker.drain();
  const advance = (ms: number) => time.set(new Date(time.clock().getTime() + ms).toISOString());

  async function send(body: Record<string, unknown>) {
    const organiser = await caller(t, ORGANISER);
    return organiser.post<{ id: string }>('admin/console/message', body);
  }
  async function recipients(id: string): Promise<MessageRecipientItem[]> {
    const organiser = await caller(t, ORGANISER);
    return (await organiser.get<Page<MessageRecipientItem>>(`admin/console/message/${id}/recipients?pageSize=100`)).body.data.records;
  }
  const texts = {
    subjectZh: '{name}，欢迎参会',
    subjectEn: 'Welcome, {name}',
    bodyZh: '尊敬的{name}（{unit}）：请查看 {link}',
    bodyEn: 'Dear {name} of {unit}: see {link}',
  };

  it('sends a bilingual message to three chosen guests, one delivery per guest and channel, placeholders filled', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guests = [];
    const english = ['Guest Zero', 'Guest One', 'Guest Two'];
    for (const [i, name] of ['张一', '李二', '王三'].entries()) {
      guests.push(await addGuest(ent, t, ENTERPRISE, 900 + i, { nameZh: name, nameEn: english[i], email: `guest${i}@example.com` }));
    }
    const before = { email: email.delivered.length, sms: sms.delivered.length };
    const sent = await send({ channels: ['email', 'sms'], ...texts, guestIds: guests.map((guest) => guest.id) });
    expect(sent.status).toBe(200);
    // nothing is delivered on the request: the recipients are listed off it
    expect(email.delivered.length).toBe(before.email);
    await drain();
    // (the incomplete-registration reminder of the app's start may be among them)
    const mails = email.delivered.slice(before.email).filter((mail) => mail.subject?.includes('欢迎参会'));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['guest0@example.com', 'guest1@example.com', 'guest2@example.com']);
    const first = mails.find((mail) => mail.to === 'guest0@example.com')!;
    expect(first.subject).toBe('张一，欢迎参会 / Welcome, Guest Zero');
    expect(first.body).toContain('尊敬的张一（');
    expect(first.body).toContain('Dear Guest Zero of ');
    expect(first.body).toContain('https://summit.example');
    expect(first.body).toContain('Service message');
    expect(first.body).not.toMatch(/\{(name|unit|link)\}/);
    expect(sms.delivered.slice(before.sms).filter((message) => message.body.includes('欢迎参会'))).toHaveLength(3);
    // the dev outbox shows both channels
    const outbox = await t.app.services.outbox.list(null, 20);
    expect(outbox.filter((row) => row.body.includes('尊敬的王三'))).toHaveLength(2);

    const states = await recipients(sent.body.data.id);
    expect(states).toHaveLength(6);
    expect(states.every((row) => row.state === 'sent')).toBe(true);
    // addresses are masked in the organisers' view
    expect(states.find((row) => row.channel === 'email')!.address).toMatch(/^g\*\*\*@example\.com$/);
    const page = (await (await caller(t, ORGANISER)).get<Page<MessageItem>>('admin/console/message/page')).body.data;
    const item = page.records.find((row) => row.id === sent.body.data.id)!;
    expect(item).toMatchObject({ state: 'queued', recipients: 6, sent: 6, pending: 0 });
  });

  it("orders the messages and a message's deliveries by the column asked, then by id; refuses an order it does not know", async () => {
    const ent = await caller(t, ENTERPRISE);
    const guests = [];
    for (const [i, name] of ['周序甲', '吴序乙'].entries()) {
      guests.push(await addGuest(ent, t, ENTERPRISE, 970 + i, { nameZh: name, email: `sorted${i}@example.com` }));
    }
    const sent = await send({ channels: ['email', 'sms'], ...texts, guestIds: guests.map((guest) => guest.id) });
    expect(sent.status).toBe(200);
    // a second, smaller message: the messages differ in their recipients
    expect((await send({ channels: ['email'], ...texts, guestIds: [guests[0]!.id] })).status).toBe(200);
    await drain();
    const organiser = await caller(t, ORGANISER);
    const deliveries = async (query: string) =>
      (await organiser.get<Page<MessageRecipientItem>>(`admin/console/message/${sent.body.data.id}/recipients?${query}`)).body.data.records;
    const channels = (rows: MessageRecipientItem[]) => rows.map((row) => row.channel);
    expect(channels(await deliveries('sort=channel&order=asc'))).toEqual(['email', 'email', 'sms', 'sms']);
    const down = await deliveries('sort=channel&order=desc');
    expect(channels(down)).toEqual(['sms', 'sms', 'email', 'email']);
    // the same order page after page: one delivery per page, nothing repeated or skipped
    const paged = [];
    for (const pageNum of [1, 2, 3, 4]) paged.push(...(await deliveries(`sort=channel&order=desc&pageSize=1&pageNum=${pageNum}`)));
    expect(paged.map((row) => row.id)).toEqual(down.map((row) => row.id));
    // names are sealed inside the deliveries: no order by them
    expect((await organiser.get(`admin/console/message/${sent.body.data.id}/recipients?sort=name`)).status).toBe(400);

    const messages = async (query: string) =>
      (await organiser.get<Page<MessageItem>>(`admin/console/message/page?pageSize=100&${query}`)).body.data.records;
    const counts = (await messages('sort=recipients&order=desc')).map((row) => row.recipients);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const times = (await messages('sort=createdAt&order=asc')).map((row) => row.createdAt);
    expect(times).toEqual([...times].sort());
    expect((await organiser.get('admin/console/message/page?sort=subject')).status).toBe(400);
    expect((await organiser.get('admin/console/message/page?sort=createdAt&order=up')).status).toBe(400);
  });

  it('sends to a saved filter of the guest query (its guests only)', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 910, { nameZh: '赵筛选', email: 'filtered@example.com' });
    const organiser = await caller(t, ORGANISER);
    expect((await organiser.post('admin/review/decide', { ids: [guest.id], decision: 'reject', reason: '资料不全' })).status).toBe(200);
    const before = email.delivered.length;
    const sent = await send({ channels: ['email'], ...texts, filter: { status: 'rejected', name: '赵筛选' } });
    expect(sent.status).toBe(200);
    await drain();
    const manual = email.delivered.slice(before).filter((mail) => mail.subject?.includes('欢迎参会'));
    expect(manual.map((mail) => mail.to)).toEqual(['filtered@example.com']);
  });

  it('writes to the unit when a guest is approved or rejected (with the reason), committed with the decision', async () => {
    const ent = await caller(t, ENTERPRISE);
    const approved = await addGuest(ent, t, ENTERPRISE, 920, { nameZh: '钱通过' });
    const rejected = await addGuest(ent, t, ENTERPRISE, 921, { nameZh: '孙退回' });
    const organiser = await caller(t, ORGANISER);
    const before = email.delivered.length;
    expect((await organiser.post('admin/review/decide', { ids: [approved.id], decision: 'approve' })).status).toBe(200);
    expect((await organiser.post('admin/review/decide', { ids: [rejected.id], decision: 'reject', reason: '照片不合格' })).status).toBe(
      200,
    );
    await drain();
    const toUnit = email.delivered.slice(before).filter((mail) => mail.to === ENTERPRISE);
    const approval = toUnit.find((mail) => mail.body.includes('钱通过'))!;
    expect(approval.subject).toBe('嘉宾审核通过 / Guest approved');
    expect(approval.body).toContain('the guest 钱通过 has been approved');
    const rejection = toUnit.find((mail) => mail.body.includes('孙退回'))!;
    expect(rejection.subject).toBe('嘉宾审核未通过 / Guest not approved');
    expect(rejection.body).toContain('原因：照片不合格');
    expect(rejection.body).toContain('Reason: 照片不合格');
  });

  it('writes when an activity place is confirmed and when a waiting person is promoted', async () => {
    const organiser = await caller(t, ORGANISER);
    const ent = await caller(t, ENTERPRISE);
    const activity = await createActivity(organiser, { name: '海洋论坛', memberLimit: 1 });
    const first = await approvedGuest(ent, t, ENTERPRISE, 930, 'INVITE2025A');
    const second = await approvedGuest(ent, t, ENTERPRISE, 931, 'INVITE2025A');
    const before = email.delivered.length;
    const place = await signUp(ent, activity.id, first);
    expect(place.body.data.status).toBe('signed-up');
    expect((await signUp(ent, activity.id, second)).body.data.status).toBe('waiting');
    expect((await ent.del(`qms/activity/sign-up/${place.body.data.id}`)).status).toBe(200);
    await drain();
    // both are due at the same (frozen) moment: the queue may send them in either order
    const sent = email.delivered.slice(before);
    expect(sent.map((mail) => mail.subject).sort()).toEqual(
      ['活动名额已确认 / Activity place confirmed', '候补已转为正式报名 / Promoted from the waiting list'].sort(),
    );
    const promoted = sent.find((mail) => mail.subject?.startsWith('候补已转为正式报名'));
    expect(promoted?.body).toContain('海洋论坛');
  });

  it('welcomes a newly registered account on its own channel', async () => {
    const code = await messageCode(t, '13700000031', 'register');
    const password = 'Harbor#9753x';
    const response = await t.call({
      method: 'POST',
      url: '/exhibition/qms/user-register/registerAndCheck',
      payload: {
        userType: 'enterprise',
        account: '13700000031',
        name: '陈新',
        unitName: '新企业有限公司',
        password,
        confirmPassword: password,
        code,
        agreeTerms: true,
      },
    });
    expect(response.status).toBe(200);
    await drain();
    const welcome = sms.delivered.find((message) => message.to === '13700000031' && message.body.includes('账号已注册成功'));
    expect(welcome?.body).toContain('陈新，您好');
    expect(welcome?.body).toContain('Dear 陈新');
  });

  it('retries a failing delivery with a doubling back-off, then marks it failed; organisers send it again', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 940, { nameZh: '周退信', email: 'bounce@example.com' });
    email.refusing.add('bounce@example.com');
    const sent = await send({ channels: ['email'], ...texts, guestIds: [guest.id] });
    await drain();
    let [row] = await recipients(sent.body.data.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'mailbox unavailable' });
    expect(Date.parse(row!.nextAttemptAt!) - time.clock().getTime()).toBe(60_000);
    // not due yet: nothing happens
    await drain();
    expect((await recipients(sent.body.data.id))[0]!.attempts).toBe(1);
    advance(60_001);
    await drain();
    [row] = await recipients(sent.body.data.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(Date.parse(row!.nextAttemptAt!) - time.clock().getTime()).toBe(120_000);
    advance(120_001);
    await drain();
    [row] = await recipients(sent.body.data.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3 });

    email.refusing.delete('bounce@example.com');
    const organiser = await caller(t, ORGANISER);
    const retried = await organiser.post<{ queued: number }>(`admin/console/message/${sent.body.data.id}/retry`);
    expect(retried.body.data.queued).toBe(1);
    await drain();
    expect((await recipients(sent.body.data.id))[0]!.state).toBe('sent');
    expect(email.delivered.filter((mail) => mail.to === 'bounce@example.com')).toHaveLength(1);
  });

  it('never sends twice when an instance dies mid-send: its claims are taken over, its hand-over becomes unconfirmed', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guests = [];
    for (let i = 0; i < 5; i++) guests.push(await addGuest(ent, t, ENTERPRISE, 950 + i, { email: `crash${i}@example.com` }));
    const sent = await send({ channels: ['email'], ...texts, guestIds: guests.map((guest) => guest.id) });
    // the recipients are listed, nothing delivered yet
    expect(await t.app.services.messages.messages.expandNext('lister')).toBe(true);
    // another instance (its own owner) claims every row, hands one to its transport, and dies
    const dying = new MessageQueue(
      messageDb(t.app.db),
      { deliver: async () => undefined },
      { footer: () => '', open: (value) => value },
      console,
      clockOf(time.clock),
      { ...QUEUE },
    );
    const claimed = await dying.claim();
    expect(claimed).toHaveLength(5);
    await messageDb(t.app.db).updateTable('message_recipients').set({ state: 'sending' }).where('id', '=', claimed[0]!.id).execute();
    const before = email.delivered.length;
    // while its leases live, nobody else takes the rows
    await drain();
    expect(email.delivered.length).toBe(before);
    advance(QUEUE.leaseMs + 1);
    await drain();
    const again = email.delivered.slice(before).map((mail) => mail.to);
    expect(again).toHaveLength(4);
    expect(new Set(again).size).toBe(4);
    const states = await recipients(sent.body.data.id);
    expect(states.filter((row) => row.state === 'sent')).toHaveLength(4);
    expect(states.filter((row) => row.state === 'unconfirmed')).toHaveLength(1);
  });

  it('reminds units of missing itineraries once per stage before the deadline, however often the job runs', async () => {
    const organiser = await caller(t, ORGANISER);
    const ent = await caller(t, ENTERPRISE);
    await addGuest(ent, t, ENTERPRISE, 960, { inviteCode: 'INVITE2025A', nameZh: '吴无行程' });
    // the clock is 2027-06-01 (Shanghai): five days before this deadline is the 7-day stage
    await setEdition(organiser, { itineraryDeadline: '2027-06-06' });
    const job = t.app.services.messages.reminders.find((candidate) => candidate.name === 'itinerary-reminder')!;
    await t.app.jobs.runIfDue(job, true);
    await t.app.jobs.runIfDue(job, true);
    const before = email.delivered.length;
    await drain();
    const reminders = email.delivered.slice(before).filter((mail) => mail.to === ENTERPRISE);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toContain('2027-06-06');
    const rows = await messageDb(t.app.db).selectFrom('messages').select('id').where('kind', '=', 'itinerary-reminder').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses unknown placeholders and a missing or double audience with a translated message; only organisers send', async () => {
    const bad = await send({ channels: ['email'], ...texts, bodyEn: 'Dear {nmae}', guestIds: ['x1'] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('{nmae}');
    const none = await send({ channels: ['email'], ...texts });
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/one of them/);
    const both = await send({ channels: ['email'], ...texts, guestIds: ['x1'], unitIds: ['u1'] });
    expect(both.status).toBe(400);
    const unit = await caller(t, ENTERPRISE);
    expect((await unit.post('admin/console/message', { channels: ['email'], ...texts, guestIds: ['x1'] })).status).toBe(403);
  });
});
