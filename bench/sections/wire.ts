/**
 * The wire (issue 17 points 1 and 2): what a cold /login costs in Chromium, compressed and not,
 * beside a bare @rjsf/mui page of the guest form; and the production server's start-up time to
 * its first answer (a warm start: same data folder, second start) beside a bare Fastify and
 * the former `tsx` start, all in the same run. `npm run bench:wire` prints it alone
 * (`-- --start-only`: the start-up table only).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../../tests/e2e/support/chromium';
import { measureColdLoad, type ColdLoad } from '../../tests/e2e/support/cold-load';
import { startPortal } from '../../tests/e2e/support/portal-server';
import { startBareRjsfPage } from '../support/bare-rjsf-page';
import { median } from '../support/median';
import { timeToFirstAnswer } from '../support/start-time';
import { builtServerArgs } from '../../scripts/support/server-node-flags';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// decimal kilobytes, as issue 17's target reads strictly: 200 kB = 200,000 bytes
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const START_RUNS = 3;

function describeLoad(name: string, load: ColdLoad): string {
  const scripts = load.resources.filter((r) => r.type === 'Script');
  const compressed = scripts.filter((r) => r.contentEncoding === 'br' || r.contentEncoding === 'gzip').length;
  return `| ${name} | **${kB(load.totalTransferred)}** | ${kB(load.totalDecoded)} | ${load.resources.length} | ${compressed}/${scripts.length} |`;
}

async function coldLoads(): Promise<string> {
  if (!chromiumAvailable()) return '_Cold loads skipped: Chromium not found._\n';
  const portal = await startPortal({ productionBuild: true });
  const bare = await startBareRjsfPage();
  const browser = await launchChromium();
  try {
    const loginReady = async (page: Page) => {
      await page.getByRole('button', { name: '登录' }).waitFor();
      await page.getByRole('img').first().waitFor();
    };
    const guestFormReady = async (page: Page) => {
      await page.locator('#root_nameEn').waitFor();
    };
    const login = await measureColdLoad(browser, `${portal.baseUrl}/login`, loginReady);
    const loginIdentity = await measureColdLoad(browser, `${portal.baseUrl}/login`, loginReady, { acceptEncoding: 'identity' });
    const bareRjsf = await measureColdLoad(browser, bare.url, guestFormReady);
    const largest = [...login.resources].sort((a, b) => b.transferred - a.transferred).slice(0, 5);
    return [
      'Cold visit in Chromium (empty cache), bytes on the wire as Chromium counts them (headers included) until the form is usable and the network idle.',
      '',
      '| page | on the wire | decoded | requests | scripts compressed |',
      '|---|---|---|---|---|',
      describeLoad('product /login (br/gzip)', login),
      describeLoad('product /login, `Accept-Encoding: identity`', loginIdentity),
      describeLoad('baseline: bare @rjsf/mui page of the guest form (precompressed the same way)', bareRjsf),
      '',
      `Target: a cold /login at most 200 kB: ${login.totalTransferred <= 200_000 ? 'met' : 'NOT met'}. Largest transfers of /login: ${largest.map((r) => `${path.basename(r.url.split('?')[0] ?? '')} ${kB(r.transferred)}`).join(', ')}.`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await bare.close();
    await portal.close();
  }
}

async function startTimes(): Promise<string> {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/build-server.ts')], { cwd: repoRoot, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'summit-bench-start-'));
  const env = {
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'warn',
    SCRYPT_LOG2N: '10',
    SEED_DEMO_DATA: 'true',
  };
  const firstAnswer = '/exhibition/qms/edition/current';
  try {
    // the first start creates the database and the demo data: not a warm start
    await timeToFirstAnswer(builtServerArgs(repoRoot), env, firstAnswer);
    const compiled: number[] = [];
    const tsx: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < START_RUNS; run++) {
      compiled.push(await timeToFirstAnswer(builtServerArgs(repoRoot), env, firstAnswer));
      tsx.push(await timeToFirstAnswer(['--import', 'tsx', path.join(repoRoot, 'src/server/main.ts')], env, firstAnswer));
      bare.push(await timeToFirstAnswer([path.join(repoRoot, 'bench/support/bare-fastify.mjs')], {}, '/'));
    }
    const row = (name: string, values: number[]) =>
      `| ${name} | **${median(values).toFixed(0)} ms** | ${values.map((v) => v.toFixed(0)).join(', ')} | ${(median(values) / median(bare)).toFixed(1)}× |`;
    return [
      `Warm start to the first answer (\`GET ${firstAnswer}\`; spawn → HTTP 200), median of ${START_RUNS}, interleaved.`,
      '',
      '| server | median | runs | × bare Fastify |',
      '|---|---|---|---|',
      row('`node dist/server/main.js` (npm start)', compiled),
      row('`node --import tsx src/server/main.ts` (before)', tsx),
      row('baseline: bare Fastify, one route', bare),
      '',
      `Target: at most 1.5 s: ${median(compiled) <= 1500 ? 'met' : 'NOT met'} on this machine now.`,
      '',
    ].join('\n');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(): Promise<string> {
  return `${await coldLoads()}\n${await startTimes()}`;
}

const section = { title: 'Wire: cold /login and start-up', run };
export default section;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // --start-only: the start-up table alone (no Chromium), e.g. while working on start-up time
  const body = process.argv.includes('--start-only') ? await startTimes() : await section.run();
  console.log(`## ${section.title}\n\n${body}`);
  process.exit(0);
}
