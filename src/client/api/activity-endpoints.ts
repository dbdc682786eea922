import type { Page } from '../../shared/api-types';
import {
  activityApiPaths as paths,
  type ActivityCategory,
  type ActivityStatus,
  type ActivitySummary,
  type AdminActivityDetail,
  type SignUpItem,
  type UnitActivityDetail,
} from '../../shared/activity-api';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

type Document = Record<string, unknown>;
type Query = Record<string, string | number>;

/** Typed calls of the activities contract (src/shared/activity-api.ts). */
export const activityApi = {
  unitPage: (query: { pageNum: number; pageSize: number; category: ActivityCategory; name?: string; sort?: string; order?: string }) =>
    http.request<Page<ActivitySummary>>('get', paths.unitPage, { searchParams: compactDocument(query) as Query }),
  unitActivity: (id: string) => http.request<UnitActivityDetail>('get', paths.unitActivity(id)),
  signUp: (signUp: Document) => http.request<SignUpItem>('post', paths.signUps, { json: compactDocument(signUp) }),
  cancel: (id: string) => http.request<unknown>('delete', paths.signUp(id)),
  saveMaterials: (id: string, speechMaterials: string[]) =>
    http.request<SignUpItem>('put', paths.signUpMaterials(id), { json: { speechMaterials } }),

  adminPage: (query: {
    pageNum: number;
    pageSize: number;
    category?: ActivityCategory;
    status?: ActivityStatus;
    name?: string;
    sort?: string;
    order?: string;
  }) => http.request<Page<ActivitySummary>>('get', paths.adminPage, { searchParams: compactDocument(query) as Query }),
  create: (activity: Document) => http.request<AdminActivityDetail>('post', paths.adminActivities, { json: compactDocument(activity) }),
  update: (id: string, activity: Document) =>
    http.request<AdminActivityDetail>('put', paths.adminActivity(id), { json: compactDocument(activity) }),
  adminActivity: (id: string) => http.request<AdminActivityDetail>('get', paths.adminActivity(id)),
  publish: (id: string) => http.request<AdminActivityDetail>('post', paths.publish(id)),
  close: (id: string) => http.request<AdminActivityDetail>('post', paths.close(id)),
  assign: (id: string, guestIds: string[]) => http.request<AdminActivityDetail>('put', paths.assignments(id), { json: { guestIds } }),
};
