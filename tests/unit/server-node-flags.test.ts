import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/support/server-node-flags';

/** The node flags in front of dist/server/main.js in a command line. */
function flagsBeforeMain(command: string): string[] {
  const words = command.trim().split(/\s+/);
  const main = words.indexOf('dist/server/main.js');
  const node = words.findIndex((word) => word === 'node' || word.endsWith('/node'));
  expect(main, command).toBeGreaterThan(node);
  return words.slice(node + 1, main);
}

describe('a portal instance runs with the same node flags wherever it is started', () => {
  it('npm start and the systemd unit give the flags of scripts/support/server-node-flags.ts', () => {
    const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(flagsBeforeMain(start.slice(start.lastIndexOf('&&') + 2).replace(/^\s*(\w+=\S+\s+)+/, ''))).toEqual([...SERVER_NODE_FLAGS]);
    const unit = fs.readFileSync('deploy/systemd/summit@.service', 'utf8');
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='))!;
    expect(flagsBeforeMain(execStart.slice('ExecStart='.length))).toEqual([...SERVER_NODE_FLAGS]);
  });

  it('caps the heap', () => {
    expect(SERVER_NODE_FLAGS.some((flag) => /^--max-old-space-size=\d+$/.test(flag))).toBe(true);
  });
});
