/**
 * Answer shapes of the activities API for the OpenAPI document and serialisation. They mirror
 * src/shared/activity-api.ts: a property missing here would be dropped from the answer.
 */
type Schema = Record<string, unknown>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };
const int = { type: 'integer' };
const nullableInt = { type: 'integer', nullable: true };
const bool = { type: 'boolean' };
const anyObject = { type: 'object', additionalProperties: true };

const object = (properties: Schema): Schema => ({ type: 'object', required: Object.keys(properties), properties });

const summaryProperties = {
  id: str,
  category: { type: 'string', enum: ['committee', 'recommended', 'invited', 'city'] },
  status: { type: 'string', enum: ['draft', 'published', 'closed'] },
  document: anyObject,
  memberLimit: nullableInt,
  signedUpCount: int,
  waitingCount: int,
  full: bool,
  signUpState: { type: 'string', enum: ['open', 'notOpen', 'ended', 'closed', 'deadlinePassed'] },
  updatedAt: str,
};

export const activitySummary = object(summaryProperties);
export const activityPage = object({ records: { type: 'array', items: activitySummary }, total: int, pageNum: int, pageSize: int });

const signUpProperties = {
  id: str,
  activityId: str,
  guestId: str,
  memberId: nullableStr,
  personName: str,
  status: { type: 'string', enum: ['signed-up', 'waiting'] },
  waitingPosition: nullableInt,
  speaker: bool,
  speechMaterials: { type: 'array', items: str },
  document: anyObject,
  createdAt: str,
};

export const signUpItem = object(signUpProperties);
const rosterItem = object({ ...signUpProperties, unitName: str });

export const unitActivityDetail = object({
  ...summaryProperties,
  mySignUps: { type: 'array', items: signUpItem },
  assignedGuestIds: { type: 'array', items: str },
  deadline: str,
});

export const adminActivityDetail = object({
  ...summaryProperties,
  signedUp: { type: 'array', items: rosterItem },
  waiting: { type: 'array', items: rosterItem },
  assignedGuests: { type: 'array', items: object({ guestId: str, name: str, unitName: str }) },
});
