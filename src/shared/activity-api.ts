/**
 * Contract of the activities API, shared by the server and the client. Paths are ours
 * (SPEC names none): units under `qms`, organisers under `admin`. Bodies are documents of the
 * named schemas in schemas/ (activity, activity-sign-up, activity-assignment, activity-speech-materials).
 */
import activityPageQuery from '../generated/schemas/activity-page-query.json';
import type {
  Activity,
  ActivitySignUp,
  ActivitySummaryAnswer,
  ResponseAdminActivityDetail,
  ResponseUnitActivityDetail,
  RosterItemAnswer,
  SignUpItemAnswer,
} from '../generated/types.js';
import { enumAt } from './schema-enums.js';

export const activityApiPaths = {
  /** GET ?category&pageNum&pageSize: one tab of the published activities the unit may see */
  unitPage: 'qms/activity/page',
  /** GET ?activity-page-query: the unit's tab as its list shows it (.xlsx, audited) */
  exportUnitPage: 'qms/export/activities',
  /** GET: UnitActivityDetail */
  unitActivity: (id: string) => `qms/activity/${id}`,
  /** POST (body: activity-sign-up): signs a guest or entourage member up, or puts them on the waiting list */
  signUps: 'qms/activity/sign-up',
  /** DELETE: cancels a sign-up (the first waiting person is promoted) */
  signUp: (id: string) => `qms/activity/sign-up/${id}`,
  /** PUT (body: activity-speech-materials): a speaker's speech materials */
  signUpMaterials: (id: string) => `qms/activity/sign-up/${id}/materials`,

  /** organisers: GET ?category&status&pageNum&pageSize; POST (body: activity) creates a draft */
  adminPage: 'admin/activity/page',
  adminActivities: 'admin/activity',
  /** organisers: GET AdminActivityDetail; PUT (body: activity) */
  adminActivity: (id: string) => `admin/activity/${id}`,
  /** organisers: POST publishes (draft or closed -> published) */
  publish: (id: string) => `admin/activity/${id}/publish`,
  /** organisers: POST closes (no new sign-ups; cancelling stays possible until the deadline) */
  close: (id: string) => `admin/activity/${id}/close`,
  /** organisers: PUT (body: activity-assignment) the guests assigned to an invited activity */
  assignments: (id: string) => `admin/activity/${id}/assignments`,
  /** organisers: GET ?id the roster's signed-up list as an .xlsx download (what the dialog's list shows; audited) */
  exportSignedUp: 'admin/activity/export/signed-up',
  /** organisers: GET ?id the roster's waiting list as an .xlsx download (audited) */
  exportWaiting: 'admin/activity/export/waiting',
  /** units: GET ?id the unit's sign-ups for the activity as an .xlsx download (audited) */
  exportMySignUps: 'qms/export/activity-sign-ups',
} as const;

/**
 * Answer shapes: the schemas in schemas/response-*activity*.json and response-sign-up-item.json
 * (parts in definitions.json), generated into src/generated/types.ts. The answer schemas keep the
 * stored documents open; here they are narrowed to the schema they were saved under.
 */
type DocumentOf<Schema> = { [Key in keyof Schema]: Schema[Key] };
type WithDocument<Answer, Schema> = Omit<Answer, 'document'> & { document: DocumentOf<Schema> };

export type ActivitySummary = WithDocument<ActivitySummaryAnswer, Activity>;
export type ActivityCategory = ActivitySummary['category'];
export type ActivityStatus = ActivitySummary['status'];
/**
 * Where the activity's sign-up stands for units right now: `notOpen` before the window
 * ("registration not yet open"), `ended` after it, `closed` by organisers, `deadlinePassed`
 * after the edition's deadline (September 28); cancelling is possible except after the deadline.
 */
export type SignUpState = ActivitySummary['signUpState'];

export type SignUpItem = WithDocument<SignUpItemAnswer, ActivitySignUp>;
export type SignUpStatus = SignUpItem['status'];
export type RosterItem = WithDocument<RosterItemAnswer, ActivitySignUp>;

export type UnitActivityDetail = WithDocument<Omit<ResponseUnitActivityDetail, 'mySignUps'> & { mySignUps: SignUpItem[] }, Activity>;
export type AdminActivityDetail = WithDocument<
  Omit<ResponseAdminActivityDetail, 'signedUp' | 'waiting'> & { signedUp: RosterItem[]; waiting: RosterItem[] },
  Activity
>;

/** Result of a sign-up: signed up at once, or on the waiting list at `waitingPosition`. */
export type SignUpResult = SignUpItem;

/** The tabs (categories) and statuses, in schema order (activity-page-query schema). */
export const activityCategories = enumAt<ActivityCategory>(activityPageQuery, '/properties/category');
export const activityStatuses = enumAt<ActivityStatus>(activityPageQuery, '/properties/status');
