/**
 * Contract of the message of good wishes (SPEC 1 and 5), shared by the server and the
 * client. SPEC names no paths: these are ours, `qms` for units and `admin` for organisers.
 * The body is the good-wishes schema document; files are ids of the upload service
 * (qms/file/upload with the rules logo, wishVideo, wishAudio), downloaded from qms/file/{id}.
 */
import type { ResponseWishPage, WishRecordAnswer } from '../generated/types.js';

export const wishApiPaths = {
  /** GET: the caller's unit's message (null when none); PUT (body: good-wishes schema): saves it */
  myWish: 'qms/wish/mine',
  /** GET ?pageNum&pageSize (wish-page-query schema): organisers, newest first */
  wishPage: 'admin/wish/page',
} as const;

/** Answer shapes: schemas/response-wish-*.json and response-my-wish.json (wishRecordAnswer in definitions.json). */
export type WishRecord = WishRecordAnswer;
/** A file a message refers to, as the upload service stored it. */
export type WishFile = NonNullable<WishRecord['files'][string]>;
export type WishPage = ResponseWishPage;
