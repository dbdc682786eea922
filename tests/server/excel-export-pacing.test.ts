import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { sendWorkbook, type ExportSheet } from '../../src/server/exports/excel-export.js';

/** Just what sendWorkbook reads of a request and a reply: headers in, the answer stream out. */
function fakeExchange() {
  const sent: { stream?: PassThrough } = {};
  const request = {
    server: { translator: { t: (_language: string, key: string) => key } },
    language: 'en',
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const reply = {
    header() {
      return this;
    },
    send(stream: PassThrough) {
      sent.stream = stream;
      return this;
    },
  } as unknown as FastifyReply;
  return { request, reply, sent };
}

it('a large export lets the event loop turn while the sheet is written: the compressor backlog pauses the reading', async () => {
  const ROWS = 20_000;
  let turns = 0;
  let counting = true;
  void (async () => {
    while (counting) {
      await nextTurn();
      turns += 1;
    }
  })();
  let turnsWhileReading = -1;
  async function* rows() {
    const before = turns;
    for (let i = 0; i < ROWS; i++) yield { name: `guest ${i} ${'x'.repeat(40)}`, unit: `unit ${i % 500} ${'y'.repeat(40)}`, n: i };
    turnsWhileReading = turns - before;
  }
  const sheet: ExportSheet<{ name: string; unit: string; n: number }> = {
    nameKey: 'sheet',
    rows: rows(),
    columns: [
      { headerKey: 'name', value: (r) => r.name },
      { headerKey: 'unit', value: (r) => r.unit },
      { headerKey: 'n', value: (r) => r.n },
    ],
  };
  const { request, reply, sent } = fakeExchange();
  sendWorkbook(request, reply, 'big', [sheet]);
  let bytes = 0;
  for await (const chunk of sent.stream! as AsyncIterable<Buffer>) bytes += chunk.length;
  counting = false;
  expect(bytes).toBeGreaterThan(100_000);
  // several MB of sheet XML: without pauses the whole of it is written in one turn, held uncompressed
  // in memory, while the server answers nobody else
  expect(turnsWhileReading).toBeGreaterThan(3);
}, 60_000);
