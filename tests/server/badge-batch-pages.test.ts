/**
 * A unit's badge batch comes a PDF at a time: at most BADGE_BATCH_CAP people each (here 2), the
 * answer saying which of how many, the unit asking for the next by pageNum. Both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp, type TestApp } from './helpers/test-app.js';
import { addGuest, API, caller, ENTERPRISE, memberBody, ORGANISER, residentId, uploadedFile } from './guests-harness.js';

async function batchOf(t: TestApp, account: string, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `${API}qms/badge${query}`, headers: bearer(await tokenFor(t, account)) });
  return {
    status: response.statusCode,
    body: response.rawPayload,
    page: response.headers['x-badge-page'],
    pages: response.headers['x-badge-pages'],
    cap: response.headers['x-badge-cap'],
    disposition: String(response.headers['content-disposition'] ?? ''),
  };
}

const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;

describeEachDatabase("a unit's badge batch, a PDF at a time", (kind) => {
  const t = useTestApp(kind, { BADGE_BATCH_CAP: '2' });

  it('prints at most the configured number of people a PDF, says how many PDFs the batch takes, and gives the next on asking', async () => {
    const unit = await caller(t, ENTERPRISE);
    // nobody approved yet: one empty PDF, no second
    const empty = await batchOf(t, ENTERPRISE);
    expect(empty.status).toBe(200);
    expect(empty.pages).toBe('0');
    expect((await batchOf(t, ENTERPRISE, '?pageNum=2')).status).toBe(404);

    const guest = await addGuest(unit, t, ENTERPRISE, 901, { inviteCode: 'INVITE2025A', nameZh: '批次嘉宾' });
    for (const sequence of [902, 903])
      expect(
        (await unit.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(sequence), await uploadedFile(t, ENTERPRISE)))).status,
      ).toBe(200);
    await addGuest(unit, t, ENTERPRISE, 904); // pending: no badge

    const first = await batchOf(t, ENTERPRISE);
    expect(first.status).toBe(200);
    expect([first.page, first.pages, first.cap]).toEqual(['1', '2', '2']);
    expect(pdfPages(first.body)).toBe(2);
    expect(first.disposition).toContain('badges-1.pdf');
    const second = await batchOf(t, ENTERPRISE, '?pageNum=2');
    expect([second.status, second.page, second.pages]).toEqual([200, '2', '2']);
    expect(pdfPages(second.body)).toBe(1);
    expect((await batchOf(t, ENTERPRISE, '?pageNum=3')).status).toBe(404);
    expect((await batchOf(t, ENTERPRISE, '?pageNum=0')).status).toBe(400);
    // organisers have no unit: 403 before the query is read
    expect((await batchOf(t, ORGANISER, '?pageNum=0')).status).toBe(403);
  });
});
