/**
 * Contract of the activities API (issue 8), shared by the server and the client. Paths are ours
 * (SPEC names none): units under `qms`, organisers under `admin`. Bodies are documents of the
 * named schemas in schemas/ (activity, activity-sign-up, activity-assignment, activity-speech-materials).
 */
import type { Activity, ActivitySignUp } from '../generated/types.js';

export const activityApiPaths = {
  /** GET ?category&pageNum&pageSize: one tab of the published activities the unit may see */
  unitPage: 'qms/activity/page',
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
  /** organisers: GET the roster as an .xlsx download (signed-up and waiting sheets) */
  rosterExport: (id: string) => `admin/activity/${id}/roster/export`,
} as const;

export type ActivityCategory = Activity['category'];
export type ActivityStatus = 'draft' | 'published' | 'closed';
export type SignUpStatus = 'signed-up' | 'waiting';

/**
 * Where the activity's sign-up stands for units right now: `notOpen` before the window
 * ("registration not yet open"), `ended` after it, `closed` by organisers, `deadlinePassed`
 * after the edition's deadline (September 28); cancelling is possible except after the deadline.
 */
export type SignUpState = 'open' | 'notOpen' | 'ended' | 'closed' | 'deadlinePassed';

export interface ActivitySummary {
  id: string;
  category: ActivityCategory;
  status: ActivityStatus;
  document: Activity;
  memberLimit: number | null;
  signedUpCount: number;
  waitingCount: number;
  /** signedUpCount >= memberLimit: new sign-ups go to the waiting list */
  full: boolean;
  signUpState: SignUpState;
  updatedAt: string;
}

export interface SignUpItem {
  id: string;
  activityId: string;
  guestId: string;
  memberId: string | null;
  personName: string;
  status: SignUpStatus;
  /** 1-based place on the waiting list, null when signed up */
  waitingPosition: number | null;
  speaker: boolean;
  speechMaterials: string[];
  document: ActivitySignUp;
  createdAt: string;
}

export interface UnitActivityDetail extends ActivitySummary {
  /** the caller's unit's sign-ups and waiting places for this activity */
  mySignUps: SignUpItem[];
  /** guests of the caller's unit assigned to it (invited activities) */
  assignedGuestIds: string[];
  /** the edition's last day for sign-up and cancelling (YYYY-MM-DD, Asia/Shanghai) */
  deadline: string;
}

export interface RosterItem extends SignUpItem {
  unitName: string;
}

export interface AdminActivityDetail extends ActivitySummary {
  signedUp: RosterItem[];
  waiting: RosterItem[];
  assignedGuests: { guestId: string; name: string; unitName: string }[];
}

/** Result of a sign-up: signed up at once, or on the waiting list at `waitingPosition`. */
export type SignUpResult = SignUpItem;
