import {
  formVersionsApiPaths as paths,
  type FormCheckResult,
  type FormDocument,
  type FormDraftSave,
  type FormPublished,
  type FormPublishRequest,
  type FormSummary,
  type FormValidatorModule,
  type FormVersionComparison,
  type FormVersionDetail,
  type FormVersionEntry,
  type LiveForm,
  type LiveFormVersions,
  type StoredRecordsDiff,
} from '../../shared/form-versions-api';
import { http } from './app-http-client';

/** Typed calls of the console's form editor (src/shared/form-versions-api.ts). */
export const formVersionsApi = {
  list: () => http.request<FormSummary[]>('get', paths.formList),
  history: (name: string) => http.request<FormVersionEntry[]>('get', paths.formHistory(name)),
  version: (name: string, version: number) => http.request<FormVersionDetail>('get', paths.formVersion(name, version)),
  /** only when the list says there is a draft: a 404 takes the app to the not-found page */
  draft: (name: string) => http.request<FormVersionDetail>('get', paths.formDraft(name)),
  saveDraft: (name: string, save: FormDraftSave) => http.request<FormVersionEntry>('put', paths.formDraft(name), { json: save }),
  discardDraft: (name: string) => http.request<null>('delete', paths.formDraft(name)),
  check: (name: string, document?: FormDocument) =>
    http.request<FormCheckResult>('post', paths.formDraftCheck(name), { json: document ? { document } : {} }),
  storedRecords: (name: string, limit = 200) =>
    http.request<StoredRecordsDiff>('get', paths.formDraftStoredRecords(name), { searchParams: { limit } }),
  publish: (name: string, request: FormPublishRequest) =>
    http.request<FormPublished>('post', paths.formDraftPublish(name), { json: request }),
  draftValidator: (name: string, document?: FormDocument) =>
    http.request<FormValidatorModule & { schema?: Record<string, unknown> }>('post', paths.formDraftValidator(name), {
      json: document ? { document } : {},
    }),
  rollback: (name: string, version: number, request: Omit<FormPublishRequest, 'baseRevision'>) =>
    http.request<FormPublished>('post', paths.formRollback(name, version), { json: request }),
  compare: (name: string, from: number, to: number) => http.request<FormVersionComparison>('get', paths.formVersionDiff(name, from, to)),
  live: (name: string) => http.request<LiveForm>('get', paths.liveForm(name)),
  /** a registrant form loading the live version: quiet, the form falls back to the build's version */
  liveQuiet: (name: string) => http.request<LiveForm>('get', paths.liveForm(name), { quiet: true }),
  /** what an open form polls to see a publish: quiet, a failed check is tried again later */
  liveVersions: () => http.request<LiveFormVersions>('get', paths.liveVersions, { quiet: true }),
};
