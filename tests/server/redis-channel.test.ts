import { Redis } from 'ioredis';
import { afterEach, expect, it, vi } from 'vitest';
import { describeWithRedis, redisTestPrefix, TEST_REDIS_URL } from './helpers/redis.js';
import { RedisChannel } from '../../src/server/cluster/redis-channel.js';
import { LiveForms, type PublishChannel } from '../../src/server/features/forms/live-forms.js';
import type { FormVersions, PublishedListener } from '../../src/server/features/forms/form-versions.js';
import type { FormDrafts } from '../../src/server/features/forms/form-drafts.js';
import { loadSchema } from '../../src/server/http/schema-loader.js';
import { editableForms } from '../../src/shared/form-versions-api.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}

/** The build's own versions: a refresh reads them and switches nothing (no compile). */
const builtVersions = () => Object.fromEntries(editableForms.map((name) => [name, Number(loadSchema(name)['x-version'])]));

/** LiveForms over a stand-in for the versions table that counts its reads. */
function liveForms(channel: PublishChannel | null, readMs = 0) {
  const listeners: PublishedListener[] = [];
  const reads = { total: 0, atOnce: 0, most: 0 };
  const versions = {
    onPublished: (listener: PublishedListener) => listeners.push(listener),
    liveVersions: async () => {
      reads.total += 1;
      reads.atOnce += 1;
      reads.most = Math.max(reads.most, reads.atOnce);
      await sleep(readMs);
      reads.atOnce -= 1;
      return builtVersions();
    },
  } as unknown as FormVersions;
  const live = new LiveForms(versions, {} as FormDrafts, channel, (error) => {
    throw error;
  });
  return { live, reads, publish: (version: number) => Promise.all(listeners.map((listener) => listener('good-wishes', version))) };
}

it('announces each publish on the channel and reads the live versions on every announcement heard', async () => {
  let heard: ((message: string | null) => void) | undefined;
  const channel: PublishChannel = { listen: (onHeard) => (heard = onHeard), announce: vi.fn(), close: vi.fn() };
  const { live, reads, publish } = liveForms(channel);
  live.start(60_000);
  await publish(7);
  expect(channel.announce).toHaveBeenCalledWith(JSON.stringify({ form: 'good-wishes', version: 7 }));
  expect(reads.total).toBe(1);
  heard!('{"form":"guest","version":9}');
  await eventually(() => expect(reads.total).toBe(2));
  live.stop();
  expect(channel.close).toHaveBeenCalled();
});

it('runs refreshes one at a time; callers arriving meanwhile share the next one', async () => {
  const { live, reads } = liveForms(null, 50);
  // callers before any read began share it
  await Promise.all([live.refresh(), live.refresh()]);
  expect(reads.total).toBe(1);
  // callers while one reads wait for it, then share one more read (theirs starts after their cause)
  const first = live.refresh();
  await eventually(() => expect(reads.atOnce).toBe(1));
  await Promise.all([first, live.refresh(), live.refresh(), live.refresh()]);
  expect(reads.most).toBe(1);
  expect(reads.total).toBe(3);
});

it('publishes and switches this instance as before when the channel cannot reach Redis', async () => {
  const told: unknown[] = [];
  // nothing listens on this port: the channel keeps retrying in the background
  const channel = new RedisChannel('redis://127.0.0.1:1', 'nowhere', (error) => told.push(error));
  const { live, reads, publish } = liveForms(channel);
  live.start(60_000);
  try {
    await publish(8);
    expect(reads.total).toBe(1);
    expect(told.length).toBeGreaterThan(0);
  } finally {
    live.stop();
  }
});

describeWithRedis('the instances channel on Redis', () => {
  const opened: RedisChannel[] = [];
  afterEach(() => {
    for (const channel of opened.splice(0)) channel.close();
  });
  const channelOn = (name: string, onUnreachable: (error: unknown) => void = () => undefined) => {
    const channel = new RedisChannel(TEST_REDIS_URL, name, onUnreachable);
    opened.push(channel);
    return channel;
  };

  it('carries an announcement to every listener, resubscribes after its connection was dropped, and never throws', async () => {
    const name = `${redisTestPrefix()}forms:published`;
    const heardByB: (string | null)[] = [];
    const a = channelOn(name);
    const b = channelOn(name);
    a.listen(() => undefined);
    b.listen((message) => heardByB.push(message));
    // subscribed: told once, with no message (what was announced before is caught up by the caller)
    await eventually(() => expect(heardByB).toEqual([null]));
    await eventually(() => {
      a.announce('one');
      expect(heardByB).toContain('one');
    });

    // the subscribers' connections dropped (only these, found by their name): they come back subscribed
    const admin = new Redis(TEST_REDIS_URL);
    try {
      const clients = (await admin.client('LIST')) as string;
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(`name=subscriber:${name} `))
        .map((line) => /\bid=(\d+)/.exec(line)![1]!);
      expect(ids).toHaveLength(2);
      heardByB.length = 0;
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    // told again once subscribed again (announcements in between were lost), then hears again
    await eventually(() => expect(heardByB).toContain(null));
    await eventually(() => {
      a.announce('two');
      expect(heardByB).toContain('two');
    });
  });

  it('tells a failed announcement instead of throwing when Redis is not there', () => {
    const told: unknown[] = [];
    // nothing listens on this port
    const away = new RedisChannel('redis://127.0.0.1:1', 'nowhere', (error) => told.push(error));
    opened.push(away);
    away.listen(() => undefined);
    expect(() => away.announce('lost')).not.toThrow();
    expect(told.length).toBeGreaterThan(0);
  });
});
