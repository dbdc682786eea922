/**
 * Contract of the content screens: downloads, the organiser catalogues (historical
 * guests, investment projects) and the unit-scoped records (vehicles, unofficial-activity
 * guests). SPEC 7 names no paths for these: these are ours, unit side under `qms`, organisers
 * under `admin`. Bodies are the documents of the schemas named like the kind.
 */
import download from '../generated/schemas/download.json';
import type { ResponseContentPage, ResponseContentRecord, ResponseDownloadPage, ResponseImportResult } from '../generated/types.js';
import { enumAt } from './schema-enums.js';

/** Catalogues are kept by organisers and read by units; unit records belong to one unit. */
export const catalogueKinds = ['historical-guest', 'investment-project'] as const;
export const unitRecordKinds = ['vehicle', 'unofficial-guest'] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];
export type UnitRecordKind = (typeof unitRecordKinds)[number];
export type ContentKind = CatalogueKind | UnitRecordKind;

export const contentApiPaths = {
  /** GET ?pageNum&pageSize&keyword (&session for historical guests): a page of records */
  page: (kind: ContentKind) => `qms/${kind}/page`,
  /** POST (unit records, body: the kind's schema) */
  unitRecords: (kind: UnitRecordKind) => `qms/${kind}`,
  /** PUT / DELETE one record of the caller's unit */
  unitRecord: (kind: UnitRecordKind, id: string) => `qms/${kind}/${id}`,
  /** GET (the page's query, no page): the caller's unit's records of the list as an .xlsx (unit accounts; masked, audited) */
  unitExport: (kind: UnitRecordKind) => `qms/export/${kind}`,
  /** GET (organisers): every unit's records with the unit name */
  adminPage: (kind: UnitRecordKind) => `admin/${kind}/page`,
  /** POST (organisers, body: the kind's schema) */
  catalogue: (kind: CatalogueKind) => `admin/${kind}`,
  /** PUT / DELETE (organisers) */
  catalogueRecord: (kind: CatalogueKind, id: string) => `admin/${kind}/${id}`,
  /** POST (body: personal-data-reveal schema): the full value of one masked field of the caller's unit's record (audited) */
  unitRecordReveal: (kind: UnitRecordKind, id: string) => `qms/${kind}/${id}/reveal`,
  /** POST (organisers, body: personal-data-reveal schema): the same for any record of a kind with sensitive fields (audited) */
  adminReveal: (kind: ContentKind, id: string) => `admin/${kind}/${id}/reveal`,
  /** POST (organisers, body: content-import schema): all rows or none */
  catalogueImport: (kind: CatalogueKind) => `admin/${kind}/import`,
  /** GET (organisers): an .xlsx with the import columns */
  catalogueTemplate: (kind: CatalogueKind) => `admin/${kind}/template`,
  /** GET ?pageNum&pageSize&keyword&category: published downloads (every signed-in account) */
  downloadPage: 'qms/download/page',
  /** GET: the file as an attachment */
  downloadFile: (id: string) => `qms/download/${id}/file`,
  /** POST (organisers, body: download schema) */
  downloads: 'admin/download',
  /** PUT / DELETE (organisers) */
  download: (id: string) => `admin/download/${id}`,
};

/** Answer shapes: the schemas in schemas/response-*.json (and definitions.json), generated into src/generated/types.ts. */
export type ContentRecord = ResponseContentRecord;
export type ContentPage = ResponseContentPage;
export type DownloadItem = ResponseDownloadPage['records'][number];
export type DownloadCategory = DownloadItem['category'];
export const downloadCategories = enumAt<DownloadCategory>(download, '/properties/category');
export type ImportResult = ResponseImportResult;

/** RMB yuan -> billions (10^9) for display, two decimals (investment is stored in yuan). */
export function yuanToBillion(yuan: number): string {
  return (yuan / 1e9).toFixed(2);
}
