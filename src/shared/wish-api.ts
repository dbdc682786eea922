/**
 * Contract of the message of good wishes (issue 8; SPEC 1 and 5), shared by the server and the
 * client. SPEC names no paths: these are ours, `qms` for units and `admin` for organisers.
 * The body is the good-wishes schema document; files are ids of the upload service
 * (qms/file/upload with the rules logo, wishVideo, wishAudio), downloaded from qms/file/{id}.
 */
import type { Page } from './api-types.js';

export const wishApiPaths = {
  /** GET: the caller's unit's message (null when none); PUT (body: good-wishes schema): saves it */
  myWish: 'qms/wish/mine',
  /** GET ?pageNum&pageSize (wish-page-query schema): organisers, newest first */
  wishPage: 'admin/wish/page',
} as const;

/** A file a message refers to, as the upload service stored it. */
export interface WishFile {
  id: string;
  name: string;
  mime: string;
  bytes: number;
}

export interface WishRecord {
  id: string;
  unitId: string;
  unitName: string;
  /** the good-wishes document */
  document: Record<string, unknown>;
  schemaVersion: number;
  /** the files of the document by field (logo, video, audio) */
  files: Record<string, WishFile>;
  createdAt: string;
  updatedAt: string;
}

export type WishPage = Page<WishRecord>;
