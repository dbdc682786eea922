import type { ComponentType } from 'react';
import DeclaredScreenComponent from '../engine/DeclaredScreen';
import { lazyScreen } from './lazy-screen';

/** Each screen is its own chunk (route-level code splitting). */
const Dashboard = lazyScreen(() => import('../screens/DashboardScreen'));
const Guide = lazyScreen(() => import('../screens/GuideScreen'));
const PrivacyPolicy = lazyScreen(() => import('../screens/PrivacyPolicyScreen'));
const Choose = lazyScreen(() => import('../screens/ChooseScreen'));
const NoticeDetail = lazyScreen(() => import('../screens/NoticeDetailScreen'));
const Forbidden = lazyScreen(() => import('../screens/ForbiddenScreen'));
const NotFound = lazyScreen(() => import('../screens/NotFoundScreen'));
const ComingSoon = lazyScreen(() => import('../screens/ComingSoonScreen'));
// Declared screens come with the first load: /login is one, and a first visit should cost one
// script, not a chain of small ones. Their RJSF forms and tables load on demand (DeclaredScreen.tsx);
// a declared screen loads the namespaces of its declaration itself (engine/declaration-namespaces.ts).
export const DeclaredScreen = DeclaredScreenComponent;
// guest lifecycle
const UnitInfo = lazyScreen(() => import('../screens/unit/UnitInfoScreen'));
const CompanyView = lazyScreen(() => import('../screens/unit/CompanyViewScreen'));
const GuestList = lazyScreen(() => import('../screens/guests/GuestListScreen'));
const GuestRegistration = lazyScreen(() => import('../screens/guests/GuestRegistrationScreen'));
const GuestDetail = lazyScreen(() => import('../screens/guests/GuestDetailScreen'));
const EntourageManagement = lazyScreen(() => import('../screens/guests/EntourageScreen'));
const ReviewQueue = lazyScreen(() => import('../screens/admin/ReviewQueueScreen'));
const MyRegistration = lazyScreen(() => import('../screens/guests/MyRegistrationScreen'));
// temporary registration
const TemporaryReview = lazyScreen(() => import('../screens/temporary/TemporaryReviewScreen'));
const TemporaryRecommendClosed = lazyScreen(() => import('../screens/temporary/TemporaryRecommendClosedScreen'));
// activities
const ActivitySignUp = lazyScreen(() => import('../screens/activities/ActivityScreen'));
const ActivityAdmin = lazyScreen(() => import('../screens/admin/activities/ActivityAdminScreen'));
// content screens
const Downloads = lazyScreen(() => import('../screens/content/DownloadsScreen'));
const HistoricalGuests = lazyScreen(() => import('../screens/content/HistoricalGuestsScreen'));
const InvestmentProjects = lazyScreen(() => import('../screens/content/InvestmentProjectsScreen'));
const Vehicles = lazyScreen(() => import('../screens/content/VehiclesScreen'));
const UnofficialGuests = lazyScreen(() => import('../screens/content/UnofficialGuestsScreen'));
// organisers' console
const ConsoleGuestRecord = lazyScreen(() => import('../screens/admin/GuestRecordScreen'));
const InvitationCodes = lazyScreen(() => import('../screens/admin/InvitationCodesScreen'));
const NoticeAdmin = lazyScreen(() => import('../screens/admin/NoticesAdminScreen'));
const Hotels = lazyScreen(() => import('../screens/admin/HotelsScreen'));
const Exports = lazyScreen(() => import('../screens/admin/ExportsScreen'));

/**
 * Screens by component key. Server menu nodes name these keys in `component` (the Vue-style
 * paths of the original portal and short names are both accepted).
 */
export const componentScreens: Record<string, ComponentType> = {
  // keys of config/menus.json
  Dashboard,
  NoticeDetail,
  Guide,
  UnitInfo,
  CompanyView,
  GuestList,
  GuestRegistration,
  GuestDetail,
  EntourageManagement,
  ReviewQueue,
  MyRegistration,
  TemporaryReview,
  TemporaryRecommendClosed,
  ActivitySignUp,
  ActivityAdmin,
  Downloads,
  HistoricalGuests,
  InvestmentProjects,
  Vehicles,
  UnofficialGuests,
  ConsoleGuestRecord,
  InvitationCodes,
  NoticeAdmin,
  Hotels,
  Exports,
  // short and Vue-style keys
  dashboard: Dashboard,
  'dashboard/index': Dashboard,
  guide: Guide,
  'guide/index': Guide,
  'privacy-policy': PrivacyPolicy,
  choose: Choose,
  'notice/detail': NoticeDetail,
  '403': Forbidden,
  'error/403': Forbidden,
  '404': NotFound,
  'error/404': NotFound,
  'coming-soon': ComingSoon,
};

export { ComingSoon };
