/**
 * Errors of the upload service (envelope code, HTTP status, i18n key in namespace `upload`),
 * kept beside the main error catalogue so the upload part stays in its own files.
 * `details` in the rejection messages is the list of the failed rules' messages.
 */
export interface UploadErrorEntry {
  code: number;
  status: number;
  key: string;
}

function entry(status: number, key: string): UploadErrorEntry {
  return { code: status, status, key: `upload.errors.${key}` };
}

export const uploadErrors = {
  /** a portrait photo broke rules: "photo upload failed: ... please upload a new photo" */
  photoRejected: entry(400, 'photoRejected'),
  /** any other file broke rules: "upload failed: ..." */
  fileRejected: entry(400, 'fileRejected'),
  noFile: entry(400, 'noFile'),
  /** the `rule` field is missing, unknown, or came after the file */
  unknownRule: entry(400, 'unknownRule'),
  notMultipart: entry(400, 'notMultipart'),
  /** the header claims more pixels than the server decodes */
  pixelCap: entry(400, 'pixelCap'),
  /** looks like a picture, cannot be read as one */
  unreadable: entry(400, 'unreadable'),
  notFound: entry(404, 'notFound'),
  /** the upload fell under the minimum rate or passed its deadline (uploads/upload-pace.ts) */
  tooSlow: entry(408, 'tooSlow'),
  /** disk or database failure while keeping the file (not the user's fault) */
  storageFailed: entry(500, 'storageFailed'),
  /** the disk or the database is full: nothing was kept */
  storageFull: entry(507, 'storageFull'),
} as const;

export type UploadErrorName = keyof typeof uploadErrors;
