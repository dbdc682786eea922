/** Response schemas of the content routes (documented in openapi.json; also what is serialised). */
const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };

const page = (item: Record<string, unknown>) => ({
  type: 'object',
  properties: { records: { type: 'array', items: item }, total: { type: 'integer' }, pageNum: { type: 'integer' }, pageSize: { type: 'integer' } },
});

export const contentRecord = {
  type: 'object',
  properties: {
    id: str,
    document: { type: 'object', additionalProperties: true, description: "the kind's schema document" },
    unitName: nullableStr,
    createdAt: str,
    updatedAt: str,
  },
};

export const contentPage = page(contentRecord);

export const downloadItem = {
  type: 'object',
  properties: {
    id: str,
    title: str,
    category: { type: 'string', enum: ['guideline', 'agenda', 'other'] },
    description: nullableStr,
    file: str,
    fileName: str,
    mime: str,
    bytes: { type: 'integer' },
    createdAt: str,
    updatedAt: str,
  },
};

export const downloadPage = page(downloadItem);
export const idOnly = { type: 'object', properties: { id: str } };
export const importResult = { type: 'object', properties: { imported: { type: 'integer' } } };
