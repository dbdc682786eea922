import type { Page } from '../../shared/api-types';
import {
  contentApiPaths as paths,
  type CatalogueKind,
  type ContentKind,
  type ContentPage,
  type ContentRecord,
  type DownloadItem,
  type ImportResult,
  type UnitRecordKind,
} from '../../shared/content-api';
import type { SensitiveKind } from '../../shared/sensitive-fields';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

type Document = Record<string, unknown>;

export interface ContentQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  session?: string;
  category?: string;
  /** the column a header asked for (content-page-query's sort enum) and its direction */
  sort?: string;
  order?: string;
}

const search = (query: ContentQuery) => ({ searchParams: compactDocument({ ...query }) as Record<string, string | number> });

/** Typed calls of the content contract (src/shared/content-api.ts). */
export const contentApi = {
  page: (kind: ContentKind, query: ContentQuery) => http.request<ContentPage>('get', paths.page(kind), search(query)),
  adminPage: (kind: UnitRecordKind, query: ContentQuery) => http.request<ContentPage>('get', paths.adminPage(kind), search(query)),
  addUnitRecord: (kind: UnitRecordKind, doc: Document) =>
    http.request<ContentRecord>('post', paths.unitRecords(kind), { json: compactDocument(doc) }),
  saveUnitRecord: (kind: UnitRecordKind, id: string, doc: Document) =>
    http.request<ContentRecord>('put', paths.unitRecord(kind, id), { json: compactDocument(doc) }),
  deleteUnitRecord: (kind: UnitRecordKind, id: string) => http.request<null>('delete', paths.unitRecord(kind, id)),
  /** the audited "show" of one masked value of the caller's unit's record */
  revealUnitRecordField: (kind: UnitRecordKind, id: string, field: SensitiveKind) =>
    http.request<{ value: string }>('post', paths.unitRecordReveal(kind, id), { json: { field } }),
  /** organisers: the audited "show" of one masked value of any record */
  adminRevealField: (kind: ContentKind, id: string, field: SensitiveKind) =>
    http.request<{ value: string }>('post', paths.adminReveal(kind, id), { json: { field } }),
  addCatalogue: (kind: CatalogueKind, doc: Document) =>
    http.request<ContentRecord>('post', paths.catalogue(kind), { json: compactDocument(doc) }),
  saveCatalogue: (kind: CatalogueKind, id: string, doc: Document) =>
    http.request<ContentRecord>('put', paths.catalogueRecord(kind, id), { json: compactDocument(doc) }),
  deleteCatalogue: (kind: CatalogueKind, id: string) => http.request<null>('delete', paths.catalogueRecord(kind, id)),
  importCatalogue: (kind: CatalogueKind, file: string) =>
    http.request<ImportResult>('post', paths.catalogueImport(kind), { json: { file } }),
  downloadPage: (query: ContentQuery) => http.request<Page<DownloadItem>>('get', paths.downloadPage, search(query)),
  addDownload: (doc: Document) => http.request<{ id: string }>('post', paths.downloads, { json: compactDocument(doc) }),
  saveDownload: (id: string, doc: Document) => http.request<{ id: string }>('put', paths.download(id), { json: compactDocument(doc) }),
  deleteDownload: (id: string) => http.request<null>('delete', paths.download(id)),
};
