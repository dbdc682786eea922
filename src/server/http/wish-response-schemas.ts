/** Shapes of the good-wishes answers for the OpenAPI document; they mirror src/shared/wish-api.ts. */
type Schema = Record<string, unknown>;

const str = { type: 'string' };
const file = { type: 'object', properties: { id: str, name: str, mime: str, bytes: { type: 'integer' } } };

export const wishRecord: Schema = {
  type: 'object',
  properties: {
    id: str,
    unitId: str,
    unitName: str,
    document: { type: 'object', additionalProperties: true, description: 'the good-wishes document' },
    schemaVersion: { type: 'integer' },
    files: { type: 'object', additionalProperties: file, description: 'stored files by field (logo, video, audio): download from qms/file/{id}' },
    createdAt: str,
    updatedAt: str,
  },
};

export const nullableWishRecord: Schema = { ...wishRecord, nullable: true };

export const wishPage: Schema = {
  type: 'object',
  properties: { records: { type: 'array', items: wishRecord }, total: { type: 'integer' }, pageNum: { type: 'integer' }, pageSize: { type: 'integer' } },
};
