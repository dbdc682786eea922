import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { DEFAULT_FILING_NUMBER } from '../src/client/config/default-filing-number';
import { LANGUAGE_NAMES } from '../src/client/layout/language-names';
import { BOOT_SHELL_ID, SIGN_IN_DOCUMENT } from '../src/shared/boot-shell';
import { COPYRIGHT_YEARS, DEFAULT_LANGUAGE, THEME_COLOR } from '../src/shared/constants';

/**
 * The first screen's static shell (src/shared/boot-shell.ts): the portal title, the language
 * button and the footer, drawn by CSS alone in the HTML document, so that a phone on a slow
 * network shows the page within a round trip of the document instead of after some 170 kB of
 * script have arrived and run. Its measures are those of the React layouts at the same width
 * (src/client/layout/AuthLayout.tsx, MainLayout.tsx, AppHeader.tsx, AppFooter.tsx and MUI's
 * typography of src/client/app/theme.ts): the layout that replaces it paints the same texts in
 * the same boxes, so nothing jumps and no larger text appears than the one already painted.
 * It is fixed over the page (the loading spinner under it stays hidden) and below MUI's dialogs
 * and toasts (z-index 1300 and up), so a failure reported before the layout mounts is seen.
 * Texts in the default language (the shell cannot read a visitor's stored choice).
 *
 * Painted whole: Chromium may paint a document its parser has read only in part (it yields
 * under a slow CPU). A first paint of the shell's title without the language button beside it
 * drew the title on one line (half the area); the React title, on its two lines, then was a new
 * and larger contentful paint seconds later (cold /login under Slow 4G and 4× CPU: 3.9 and 4.6 s
 * in two rounds of three). So the head blocks rendering until the shell's end marker is parsed
 * (`<link rel="expect" blocking="render">`), and where that is not supported, the language
 * button comes before the title in the markup (drawn after it by `order`), so the title's box is
 * final whenever it is painted.
 */

const FONTS = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif';
const PAPER_SHADOW = '0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)';

const STYLE = `
#${BOOT_SHELL_ID}{position:fixed;inset:0;z-index:1000;display:flex;flex-direction:column;overflow:hidden;font:400 16px/1.5 ${FONTS};color:rgba(0,0,0,.87);background:#fff}
#${BOOT_SHELL_ID} *{box-sizing:border-box}
#${BOOT_SHELL_ID} p{margin:0}
#${BOOT_SHELL_ID} svg{width:20px;height:20px;margin:0 8px 0 -4px;fill:currentColor;flex-shrink:0}
.bs-body{flex:1}
.bs-lang{order:1;display:inline-flex;align-items:center;justify-content:center;flex-shrink:0;white-space:nowrap;min-width:64px;padding:6px 8px;font-size:.875rem;font-weight:500;line-height:1.75}
.bs-footer{padding:16px 0;text-align:center;color:rgba(0,0,0,.6);border-top:1px solid rgba(0,0,0,.12)}
.bs-footer p{font-size:.875rem;line-height:1.43}
.bs-sign-in{background:#f5f5f5!important}
.bs-sign-in-header{display:flex;justify-content:space-between;align-items:center;padding:8px 24px;color:#1a66e0}
.bs-sign-in-title{font-size:1.25rem;font-weight:500;line-height:1.6}
.bs-sign-in-main{display:flex;justify-content:center;align-items:flex-start;padding:16px}
.bs-card{width:100%;max-width:460px;margin-top:16px;padding:32px;background:#fff;border-radius:4px;box-shadow:${PAPER_SHADOW}}
.bs-card p{font-size:1.5rem;line-height:1.334;text-align:center;margin-bottom:16px!important}
.bs-app-bar{display:flex;align-items:center;gap:8px;min-height:48px;padding:0 16px;background:${THEME_COLOR};color:#0a1a3a;box-shadow:${PAPER_SHADOW}}
.bs-app-title{flex-grow:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-size:16px;font-weight:500;line-height:1.6}
@media (min-width:600px){.bs-app-bar{padding:0 24px}}
@media (min-width:900px){.bs-card{margin-top:64px}.bs-app-title{font-size:20px}}
`
  .trim()
  .replace(/\n/g, '');

/** The shell's last element: the document renders nothing before it is parsed. */
const END_MARKER_ID = `${BOOT_SHELL_ID}-end`;
const RENDER_WHOLE_SHELL = `<link rel="expect" href="#${END_MARKER_ID}" blocking="render">`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The path of one of MUI's icons, read from the installed package so that it is the one the layout draws. */
function iconPath(name: string): string {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve(`@mui/icons-material/${name}`), 'utf8');
  const d = /\bd: "([^"]+)"/.exec(source)?.[1];
  if (!d) throw new Error(`boot-shell: no path in @mui/icons-material/${name}`);
  return d;
}

interface ShellTexts {
  title: string;
  signInTitle: string;
  copyright: string;
  filingNumber: string;
  language: string;
}

function shellTexts(root: string, filingNumber: string): ShellTexts {
  const client = JSON.parse(readFileSync(path.join(root, 'locales', DEFAULT_LANGUAGE, 'client.json'), 'utf8')) as {
    app: { title: string; summitName: string };
    footer: { copyright: string };
    routes: { login: string };
  };
  return {
    title: client.app.title,
    signInTitle: client.routes.login,
    // i18next's interpolation of AppFooter's text, done once here
    copyright: client.footer.copyright.replace('{{years}}', COPYRIGHT_YEARS).replace('{{owner}}', client.app.summitName),
    filingNumber,
    language: LANGUAGE_NAMES[DEFAULT_LANGUAGE],
  };
}

export interface BootShells {
  /** what the head gets: the shell's CSS, and rendering held until the shell is parsed */
  head: string;
  /** the common layout's: the app bar and the footer */
  main: string;
  /** the sign-in page's: title, language, the card with its heading, footer */
  signIn: string;
}

export function bootShells(texts: ShellTexts, translateIcon: string): BootShells {
  const t = (text: string) => escapeHtml(text);
  const language = `<span class="bs-lang"><svg viewBox="0 0 24 24"><path d="${translateIcon}"/></svg>${t(texts.language)}</span>`;
  // the end marker closes the footer, the shell's last part
  const footer = `<div class="bs-footer"><p>${t(texts.copyright)}</p><p>${t(texts.filingNumber)}</p><i id="${END_MARKER_ID}"></i></div>`;
  // aria-hidden: the layout says all of it again a moment later, and this is no page to read yet
  const open = (className: string) => `<div id="${BOOT_SHELL_ID}" class="${className}" aria-hidden="true">`;
  return {
    head: `<style>${STYLE}</style>${RENDER_WHOLE_SHELL}`,
    // the language button first in the markup (drawn last): see the top of this file
    main: `${open('bs-main-layout')}<div class="bs-app-bar">${language}<p class="bs-app-title">${t(texts.title)}</p></div><div class="bs-body"></div>${footer}</div>`,
    signIn: `${open('bs-sign-in')}<div class="bs-sign-in-header">${language}<p class="bs-sign-in-title">${t(texts.title)}</p></div><div class="bs-body bs-sign-in-main"><div class="bs-card"><p>${t(texts.signInTitle)}</p></div></div>${footer}</div>`,
  };
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The sign-in page's first tab (ui-schemas/screens/login.json): its schema, UI schema and precompiled validator. */
const SIGN_IN_FORM_MODULES = /(src[\\/]generated[\\/](validators|schemas)|ui-schemas)[\\/]sign-in-password\.(js|json)$/;

/** The chunks of the sign-in form's modules and what they import, less what the start-up chunk brings. */
function signInFormChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const form = chunks.filter((chunk) => chunk.facadeModuleId && SIGN_IN_FORM_MODULES.test(chunk.facadeModuleId));
  if (form.length !== 3) throw new Error(`boot-shell: found ${form.length} of the sign-in form's 3 chunks`);
  const files = new Set(form.flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  return [...files].filter((file) => !loaded.has(file)).sort();
}

/**
 * Vite plugin: index.html gets the common layout's shell; the build writes the same document
 * with the sign-in shell as SIGN_IN_DOCUMENT, which the server sends to a signed-out visitor
 * bound for /login (src/server/plugins/static-client.ts).
 */
export function bootShell(): Plugin {
  let shells: BootShells | null = null;
  return {
    name: 'summit:boot-shell',
    enforce: 'post',
    configResolved(config) {
      const filingNumber = (config.env.VITE_FILING_NUMBER as string | undefined) ?? DEFAULT_FILING_NUMBER;
      shells = bootShells(shellTexts(config.root, filingNumber), iconPath('Translate'));
    },
    transformIndexHtml(html) {
      if (!shells) throw new Error('boot-shell: configuration not resolved');
      if (!html.includes(ROOT_ELEMENT) || !html.includes('</head>')) throw new Error(`boot-shell: index.html has no ${ROOT_ELEMENT}`);
      return html.replace('</head>', `    ${shells.head}\n  </head>`).replace(ROOT_ELEMENT, `${ROOT_ELEMENT}\n    ${shells.main}`);
    },
    generateBundle(_options, bundle) {
      if (!shells) return;
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('boot-shell: index.html not in the bundle');
      const html = String(index.source);
      if (!html.includes(shells.main)) throw new Error('boot-shell: index.html lost its shell');
      // the sign-in form's schema, UI schema and validator are lazy chunks the form asks for once
      // the start-up chunk has run: named here they download beside it, a round trip earlier
      const preloads = signInFormChunks(bundle).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      const signIn = html.replace(shells.main, shells.signIn).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: SIGN_IN_DOCUMENT, source: signIn });
    },
  };
}
