/**
 * Shapes of successful answers, for the OpenAPI document (and fast serialisation). They mirror
 * src/shared/api-types.ts; request rules live only in schemas/.
 */
import { guestDetail } from './guest-response-schemas.js';

type Schema = Record<string, unknown>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };

/** `{ code, msg, data }` with the given data */
export function envelope(data: Schema, description: string): { 200: Schema } {
  return {
    200: {
      description,
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { code: { type: 'integer', example: 200 }, msg: str, data },
    },
  };
}

export const nothing = { type: 'null', nullable: true };
export const token = { type: 'string', description: 'session token: send as Authorization: Bearer <token>' };

export const verifyCodeData = {
  type: 'object',
  properties: { uuid: str, img: { type: 'string', description: 'data:image/png;base64,...' } },
};

export const loginInfoData = {
  type: 'object',
  properties: {
    user: {
      type: 'object',
      properties: { id: str, account: str, name: str, userType: str, unitId: nullableStr },
    },
    types: { type: 'array', items: str },
    permissions: { type: 'array', items: str },
  },
};

export const menuTree = {
  type: 'array',
  description: 'MenuNode[]: { path, name, component, redirect?, meta: { title, icon?, hidden?, affix?, permissions? }, children? }',
  items: { type: 'object', additionalProperties: true },
};

export const noticePage = {
  type: 'object',
  properties: {
    records: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: str, title: str, content: str, releaseTime: str, read: { type: 'boolean' } },
      },
    },
    total: { type: 'integer' },
    pageNum: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
};

export const masterInfo = {
  type: 'object',
  properties: {
    guest: {
      type: 'object',
      nullable: true,
      properties: { id: str, name: str, mobile: nullableStr, email: nullableStr, auditStatus: str },
    },
    unit: { type: 'object', nullable: true, properties: { id: str, name: str, unitType: str } },
    registration: { ...guestDetail, nullable: true },
  },
};

export const outboxMessages = {
  type: 'array',
  items: {
    type: 'object',
    properties: { id: str, channel: str, to: str, code: nullableStr, subject: nullableStr, body: str, createdAt: str },
  },
};
