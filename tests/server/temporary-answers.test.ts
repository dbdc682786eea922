/**
 * Real answers of the temporary-registration routes pass their answer schemas
 * (schemas/response-temporary-*.json, response-uploaded-file.json): what the routes declare to
 * Fastify and OpenAPI is what they send.
 */
import { beforeAll, expect, it } from 'vitest';
import type { SchemaName } from '../../src/generated/registry.js';
import { rootValidators } from '../../src/generated/validator-map.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, openRegistrationWindow, ORGANISER, type Caller } from './guests-harness.js';
import { jpgPicture, OPEN, openUpload, register, registrationBody, uploadedPicture } from './temporary-harness.js';

function conforms(name: SchemaName, data: unknown): void {
  const validate = rootValidators[name];
  expect(validate(data), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describeEachDatabase('temporary registration answers', (kind) => {
  const t = useTestApp(kind);
  let organiser: Caller;
  beforeAll(async () => {
    await openRegistrationWindow(t);
    organiser = await caller(t, ORGANISER);
  });

  it('open routes: upload, registration receipt, recommendation status and receipt', async () => {
    const upload = await openUpload(t, { filename: 'me.jpg', contentType: 'image/jpeg', data: await jpgPicture() });
    expect(upload.status).toBe(200);
    conforms('response-uploaded-file', upload.body.data);

    const receipt = await register(
      t,
      registrationBody(await uploadedPicture(t), { registrationType: 'media', mediaName: 'Nordic Times', mobile: '13600000011' }),
    );
    expect(receipt.status).toBe(200);
    conforms('response-temporary-receipt', receipt.body.data);

    const status = await t.call({ method: 'GET', url: `${OPEN}recommend/status` });
    conforms('response-temporary-recommend-status', status.body.data);
    const recommendation = {
      recommenderName: '王芳',
      recommenderMobile: '13812345678',
      recommenderOrganisation: '青岛市商务局',
      inviteeName: 'John Smith',
      inviteeOrganisation: 'Example Corp',
      inviteePosition: 'CEO',
      activity: 'Opening forum',
      reason: 'Leads the largest investment project of the year in Shandong.',
    };
    const sent = await t.call({ method: 'POST', url: `${OPEN}recommend`, payload: recommendation });
    expect(sent.status).toBe(200);
    conforms('response-temporary-recommendation-receipt', sent.body.data);
  });

  it("organisers' routes: page, decisions, codes and recommendations", async () => {
    const receipt = await register(t, registrationBody(await uploadedPicture(t), { mobile: '13600000012' }));
    expect(receipt.status).toBe(200);
    const page = await organiser.get('admin/temporary/page?pageSize=100');
    expect(page.status).toBe(200);
    conforms('response-temporary-page', page.body.data);

    const decided = await organiser.post('admin/temporary/decide', {
      ids: [(receipt.body.data as { id: string }).id],
      decision: 'reject',
      reason: 'Incomplete',
    });
    expect(decided.status).toBe(200);
    conforms('response-temporary-decided-list', decided.body.data);

    expect((await organiser.post('admin/temporary/codes', { code: 'ANSWER01' })).status).toBe(200);
    const codes = await organiser.get('admin/temporary/codes');
    expect(codes.status).toBe(200);
    expect((codes.body.data as unknown[]).length).toBeGreaterThan(1);
    conforms('response-temporary-codes', codes.body.data);

    const recommendations = await organiser.get('admin/temporary/recommendations');
    expect(recommendations.status).toBe(200);
    conforms('response-temporary-recommendation-page', recommendations.body.data);
  });
});
