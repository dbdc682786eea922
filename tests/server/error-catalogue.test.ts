import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { errorCatalogue } from '../../src/shared/error-catalogue.js';
import { Translator } from '../../src/server/http/translator.js';

const translator = new Translator(fileURLToPath(new URL('../../locales', import.meta.url)));

describe('error catalogue', () => {
  it('has a message in both languages for every entry', () => {
    for (const [name, entry] of Object.entries(errorCatalogue)) {
      for (const language of ['zh-CN', 'en'] as const) {
        expect(translator.t(language, entry.key), `${name} ${language}`).not.toBe(entry.key);
      }
    }
  });

  it('keeps HTTP status equal to the code except for business codes', () => {
    for (const entry of Object.values(errorCatalogue)) {
      if (entry.code >= 10000) expect(entry.status).toBe(400);
      else expect(entry.status).toBe(entry.code);
    }
    expect(Object.values(errorCatalogue).filter((e) => e.code >= 10001 && e.code <= 10007)).toHaveLength(7);
  });

  it('has the SPEC 8 messages', () => {
    expect(translator.t('en', errorCatalogue.userNotExist.key)).toBe('The user does not exist');
    expect(translator.t('en', errorCatalogue.sessionInvalid.key)).toBe('Verification failed, log in again');
    expect(translator.t('en', errorCatalogue.codeInvalid.key)).toBe('Phone verification failed');
    expect(translator.t('en', errorCatalogue.phoneExists.key)).toBe('Phone already exists');
    expect(translator.t('en', errorCatalogue.loginAgain.key)).toBe('Please log in again');
    expect(translator.t('zh-CN', errorCatalogue.userNotExist.key)).toBe('用户不存在');
  });
});
