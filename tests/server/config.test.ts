import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { PasswordHasher } from '../../src/server/auth/password-hash.js';

describe('configuration', () => {
  it('lists every problem at once', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'production', RATE_LIMITS: 'maybe', SESSION_IDLE_MINUTES: '0' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*RATE_LIMITS[\s\S]*SESSION_IDLE_MINUTES[\s\S]*SESSION_SECRET[\s\S]*CODE_SECRET/);
  });

  it('generates secrets into DATA_DIR outside production and keeps them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(first.codeSecret).not.toBe(first.sessionSecret);
    expect(first).toMatchObject({ port: 8080, devOutbox: false, databaseUrl: null, scrypt: { log2N: 14, r: 8, p: 5 } });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses weakened security in production', () => {
    const secrets = {
      SESSION_SECRET: 's'.repeat(40),
      CODE_SECRET: 'c'.repeat(40),
      DATA_KEY: 'a'.repeat(64),
      DATA_INDEX_KEY: 'b'.repeat(64),
      NODE_ENV: 'production',
    };
    expect(() => loadConfig({ ...secrets, DATA_KEY: '' })).toThrow(/DATA_KEY is required in production/);
    expect(() => loadConfig({ ...secrets, DATA_INDEX_KEY: '' })).toThrow(/DATA_INDEX_KEY is required in production/);
    expect(() => loadConfig({ ...secrets, DATA_KEY: 'too-short' })).toThrow(/DATA_KEY must be 32 bytes/);
    expect(() => loadConfig({ ...secrets, DATA_KEYS_OLD: 'nope' })).toThrow(/DATA_KEYS_OLD/);
    expect(() => loadConfig({ ...secrets, SCRYPT_LOG2N: '12' })).toThrow(/SCRYPT_LOG2N/);
    // OWASP's equal-strength pairs: fewer passes than the pair asks for is refused
    expect(() => loadConfig({ ...secrets, SCRYPT_LOG2N: '14', SCRYPT_P: '2' })).toThrow(/SCRYPT_P/);
    expect(loadConfig({ ...secrets, SCRYPT_LOG2N: '17' }).scrypt).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(loadConfig({ ...secrets, SCRYPT_LOG2N: '13' }).scrypt).toEqual({ log2N: 13, r: 8, p: 10 });
    expect(() => loadConfig({ ...secrets, CAPTCHA_REQUIRED: 'false' })).toThrow(/CAPTCHA_REQUIRED/);
    expect(loadConfig(secrets).devOutbox).toBe(false);
    expect(() => loadConfig({ ...secrets, DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX cannot be on in production/);
  });

  it('drains on SIGTERM only where a balancer can be told: with REDIS_URL (several instances), unless set', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-config-'));
    const key = Buffer.alloc(32, 7).toString('base64');
    const shared = {
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SESSION_SECRET: 's'.repeat(40),
      CODE_SECRET: 'c'.repeat(40),
      DATA_KEY: key,
      DATA_INDEX_KEY: Buffer.alloc(32, 9).toString('base64'),
      EDITION_KEYS_DIR: path.join(dir, 'shared-edition-keys'),
    };
    expect(loadConfig({ DATA_DIR: dir }).shutdownDrainMs).toBe(0);
    expect(loadConfig(shared).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ ...shared, SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1_500);
    expect(() => loadConfig({ ...shared, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs one face-detection worker per core given unless FACE_WORKERS says otherwise', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-config-'));
    expect(loadConfig({ DATA_DIR: dir }).faceWorkers).toBe(os.availableParallelism());
    expect(loadConfig({ DATA_DIR: dir, FACE_WORKERS: '3' }).faceWorkers).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dir, FACE_WORKERS: '0' })).toThrow(/FACE_WORKERS must be an integer between 1 and 64/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('password hashing', () => {
  it('hashes with scrypt at the production cost and verifies', async () => {
    const hasher = new PasswordHasher({ log2N: 14, r: 8, p: 5 }, 1);
    const stored = await hasher.hash('Summit#2025');
    expect(stored.startsWith('scrypt$14$8$5$')).toBe(true);
    expect(await hasher.verify('Summit#2025', stored)).toBe(true);
    expect(await hasher.verify('Summit#2026', stored)).toBe(false);
  });
});
