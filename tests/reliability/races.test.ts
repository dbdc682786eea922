/**
 * Races (issue 18 point 5), on both databases: the invitation-code cap taken by 20 parallel
 * guest saves, and every create/delete resource of the API raced in concurrent pairs (a change
 * or a second delete against a delete) - the loser gets 404, never a 5xx.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { guestBody } from '../server/helpers/guest-body.js';
import { accountRow, caller, ENTERPRISE, movableClock, ORGANISER, residentId, uploadedFile } from '../server/guests-harness.js';
import { FuzzWorld } from './support/fuzz-world.js';
import { reopenRegistration } from './support/fuzz-run.js';
import { rngFor, runSeed } from './support/prng.js';
import { raceResources, runRacePairs } from './support/race-pairs.js';
import { routeCatalogue } from './support/route-catalogue.js';

const SEED = runSeed();
const SAVERS = 20;
const ROUNDS = Number(process.env.RELIABILITY_CAP_ROUNDS || 5);
const PAIRS = Number(process.env.RELIABILITY_RACE_PAIRS || 12);

describeEachDatabase('races', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it(`takes a one-use invitation code exactly once among ${SAVERS} parallel guest saves (${ROUNDS} rounds)`, async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const accepted: number[] = [];
    const others: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const created = await organiser.post<string[]>('admin/console/invitation-code/batch', {
        count: 1,
        companyId: unitId,
        guestType: 'general',
        reviewRequired: false,
        maxUses: 1,
      });
      expect(created.status).toBe(200);
      const code = created.body.data[0]!;
      const photos = await Promise.all(Array.from({ length: SAVERS }, () => uploadedFile(t, ENTERPRISE)));
      const answers = await Promise.all(
        photos.map((photo, i) =>
          unit.post(
            'qms/guest',
            guestBody(residentId(100 + round * SAVERS + i), photo, {
              inviteCode: code,
              mobile: `1370000${String(round * SAVERS + i).padStart(4, '0')}`,
            }),
          ),
        ),
      );
      accepted.push(answers.filter((answer) => answer.status === 200).length);
      // the others are told the code is used up (10002, as SPEC 8 has no other code), never a 5xx
      others.push(
        ...answers
          .filter((answer) => answer.status !== 200)
          .map((answer) => `${answer.status}/${answer.body.code}`)
          .filter((s) => s !== '400/10002'),
      );
      const used = await t.app.db
        .selectFrom('guests')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('invitation_code', '=', code)
        .executeTakeFirstOrThrow();
      expect(Number(used.n)).toBe(1);
    }
    console.log(`code cap race [${kind}]: ${SAVERS} parallel saves per round, accepted per round ${accepted.join('/')}`);
    expect(accepted).toEqual(accepted.map(() => 1));
    expect(others).toEqual([]);
  });

  let world: FuzzWorld;
  beforeAll(async () => {
    world = new FuzzWorld(t.app);
  });

  it(`races a change or a second delete against a delete on every resource (${PAIRS} pairs each): 404, never 5xx`, async () => {
    await world.signInEveryone();
    await world.seedUploadRows(6);
    await world.refreshPools();
    await reopenRegistration(t.app, world);
    const resources = raceResources(await routeCatalogue(t.app));
    const keys = resources.map((resource) => resource.remove.key);
    // the pairs the attack found must be among them
    expect(keys).toEqual(expect.arrayContaining(['DELETE /exhibition/qms/vehicle/{id}', 'DELETE /exhibition/qms/unofficial-guest/{id}']));
    const figures = await runRacePairs(t.app, world, resources, rngFor(SEED, `races-${kind}`), PAIRS);
    console.log(
      [
        `race pairs [${kind}] seed ${SEED}: ${Object.entries(figures.pairs)
          .map(([key, n]) => `${key} x${n}`)
          .join(', ')}`,
        `  ${Object.entries(figures.statuses)
          .sort()
          .map(([key, n]) => `${key}: ${n}`)
          .join('\n  ')}`,
        `  not created from a generated body: ${figures.notCreated.join(', ') || 'none'}`,
        ...figures.failures.slice(0, 20).map((failure) => `  FAIL ${failure}`),
      ].join('\n'),
    );
    expect(figures.pairs['DELETE /exhibition/qms/vehicle/{id}']).toBe(PAIRS);
    expect(figures.pairs['DELETE /exhibition/qms/unofficial-guest/{id}']).toBe(PAIRS);
    expect(figures.failures).toEqual([]);
  });
});
