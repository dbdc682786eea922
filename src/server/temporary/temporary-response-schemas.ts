/** Answer shapes of the temporary-registration routes, for the OpenAPI document. */
const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };

export const temporaryItem = {
  type: 'object',
  properties: {
    id: str,
    registrationType: str,
    name: str,
    mobile: str,
    province: str,
    city: str,
    email: nullableStr,
    landline: nullableStr,
    residence: nullableStr,
    mediaName: nullableStr,
    inviteCode: str,
    eventName: str,
    attendanceMode: str,
    pictureId: str,
    status: str,
    rejectReason: nullableStr,
    createdAt: str,
  },
};

const pageOf = (item: object) => ({
  type: 'object',
  properties: { records: { type: 'array', items: item }, total: { type: 'integer' }, pageNum: { type: 'integer' }, pageSize: { type: 'integer' } },
});

export const temporaryPage = pageOf(temporaryItem);
export const temporaryList = { type: 'array', items: temporaryItem };

export const temporaryReceipt = {
  type: 'object',
  properties: { id: str, status: str, eventName: str, attendanceMode: str },
};

export const temporaryCodeList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      code: str,
      registrationType: nullableStr,
      eventName: nullableStr,
      attendanceMode: nullableStr,
      eventDiscarded: { type: 'boolean' },
      used: { type: 'integer' },
      createdAt: str,
    },
  },
};

export const recommendationPage = pageOf({
  type: 'object',
  properties: { id: str, document: { type: 'object', additionalProperties: true }, createdAt: str },
});

export const recommendStatus = { type: 'object', properties: { open: { type: 'boolean' } } };
export const createdId = { type: 'object', properties: { id: str } };
