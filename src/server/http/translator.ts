import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants.js';

type Tree = { [key: string]: string | Tree };

/**
 * Server-side translation: every namespace file of `locales/<lang>/` loaded once.
 * Keys are `namespace.path.to.key` (e.g. `server.auth.userNotExist`, `validation.mobile`).
 */
export class Translator {
  private readonly trees = new Map<Language, Record<string, Tree>>();

  /**
   * `overlay`: texts over the files' (the live form versions' labels, http/live-schemas.ts), read
   * on every call and never cached, so a publish shows at once and a switch away drops them.
   */
  constructor(
    localesDir: string,
    private readonly overlay: (language: Language, key: string) => string | undefined = () => undefined,
  ) {
    for (const language of LANGUAGES) {
      const namespaces: Record<string, Tree> = {};
      const dir = path.join(localesDir, language);
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        if (file.endsWith('.json')) {
          namespaces[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree;
        }
      }
      this.trees.set(language, namespaces);
    }
  }

  t(language: Language, key: string, params: Record<string, unknown> = {}): string {
    const template = this.template(language, key);
    if (!template.includes('{{')) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
  }

  /** Every answer names its message: a key is looked up once per language, then read from here. */
  private readonly templates = new Map<string, string>();

  private template(language: Language, key: string): string {
    const live = this.overlay(language, key);
    if (live !== undefined) return live;
    const cacheKey = `${language} ${key}`;
    let template = this.templates.get(cacheKey);
    if (template === undefined) {
      template = this.lookup(language, key) ?? this.lookup(DEFAULT_LANGUAGE, key) ?? key;
      // keys come from the code's catalogue, not from requests: the bound only guards a misuse
      if (this.templates.size < 10_000) this.templates.set(cacheKey, template);
    }
    return template;
  }

  private lookup(language: Language, key: string): string | undefined {
    const [namespace, ...rest] = key.split('.');
    let node: string | Tree | undefined = this.trees.get(language)?.[namespace ?? ''];
    for (const part of rest) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  }
}

/** The first language named starts with "en", whatever its case, after any white space. */
const ENGLISH_FIRST = /^\s*en/i;

/**
 * 'en', 'en-US,en;q=0.9' -> 'en'; anything else -> the default (zh-CN). Read on every request:
 * one anchored test, no split list or lowered copy of the header.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage !== undefined && ENGLISH_FIRST.test(acceptLanguage) ? 'en' : DEFAULT_LANGUAGE;
}
