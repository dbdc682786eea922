import fs from 'node:fs';
import type { AccountType, MenuNode } from '../../../shared/api-types.js';
import type { Language } from '../../../shared/constants.js';
import type { Translator } from '../../http/translator.js';

interface MenuFile {
  /** account type -> name of a menu set */
  accountTypes: Record<string, string>;
  menuSets: Record<string, { permissions: string[]; menus: MenuNode[] }>;
}

/**
 * Menus per account type come from config/menus.json, a data file organisers edit.
 * Titles there are i18n keys; they are sent translated in the caller's language.
 */
export class Menus {
  private readonly file: MenuFile;

  constructor(
    path: string,
    private readonly translator: Translator,
  ) {
    this.file = JSON.parse(fs.readFileSync(path, 'utf8')) as MenuFile;
  }

  private setFor(userType: AccountType) {
    const name = this.file.accountTypes[userType];
    return name ? this.file.menuSets[name] : undefined;
  }

  /**
   * A title may have a wording per account type (`server.menuByType.<type>.<leaf>`): a
   * government unit's overview is not a "company" view.
   */
  private titleFor(key: string, userType: AccountType, language: Language): string {
    const leaf = key.startsWith('server.menu.') ? key.slice('server.menu.'.length) : null;
    if (leaf) {
      const specificKey = `server.menuByType.${userType}.${leaf}`;
      const specific = this.translator.t(language, specificKey);
      if (specific !== specificKey) return specific;
    }
    return this.translator.t(language, key);
  }

  treeFor(userType: AccountType, language: Language): MenuNode[] {
    const translate = (node: MenuNode): MenuNode => ({
      ...node,
      meta: { ...node.meta, title: this.titleFor(node.meta.title, userType, language) },
      ...(node.children ? { children: node.children.map(translate) } : {}),
    });
    return (this.setFor(userType)?.menus ?? []).map(translate);
  }

  permissionsFor(userType: AccountType): string[] {
    return this.setFor(userType)?.permissions ?? [];
  }
}
