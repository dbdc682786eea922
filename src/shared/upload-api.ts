/** Contract of the upload service (server routes and the client widget). */

/** data of POST qms/file/upload */
export interface UploadedFile {
  /** the file reference a form field keeps */
  id: string;
  /** the client's file name, sanitised */
  name: string;
  /** sniffed from the content */
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** rules that could not be measured on the server (the file was kept; shown to the user) */
  notChecked: string[];
}

/** Paths (relative to API_BASE) of the upload service. */
export const uploadPaths = {
  upload: 'qms/file/upload',
  file: 'qms/file',
  /** the stored file's name, type and size (a reopened form shows names, not ids) */
  info: (id: string) => `qms/file/${id}/info`,
} as const;
