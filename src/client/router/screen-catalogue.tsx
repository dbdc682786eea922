import type { ComponentType } from 'react';
import DeclaredScreenComponent from '../engine/DeclaredScreen';
import { lazyScreen } from './lazy-screen';

/** Each screen is its own chunk (route-level code splitting), listed by feature folder. */
// pages of their own
const Dashboard = lazyScreen(() => import('../screens/pages/DashboardScreen'));
const Guide = lazyScreen(() => import('../screens/pages/GuideScreen'));
const PrivacyPolicy = lazyScreen(() => import('../screens/pages/PrivacyPolicyScreen'));
const Choose = lazyScreen(() => import('../screens/pages/ChooseScreen'));
const Forbidden = lazyScreen(() => import('../screens/pages/ForbiddenScreen'));
const NotFound = lazyScreen(() => import('../screens/pages/NotFoundScreen'));
const ComingSoon = lazyScreen(() => import('../screens/pages/ComingSoonScreen'));
// Declared screens come with the first load: /login is one, and a first visit should cost one
// script, not a chain of small ones. Their RJSF forms and tables load on demand (DeclaredScreen.tsx);
// a declared screen loads the namespaces of its declaration itself (engine/declaration-namespaces.ts).
export const DeclaredScreen = DeclaredScreenComponent;
// units
const UnitInfo = lazyScreen(() => import('../screens/units/UnitInfoScreen'));
const CompanyView = lazyScreen(() => import('../screens/units/CompanyViewScreen'));
// invitations
const InvitationCodes = lazyScreen(() => import('../screens/invitations/InvitationCodesScreen'));
// reception
const Hotels = lazyScreen(() => import('../screens/reception/HotelsScreen'));
// guests (with entourage, review and the console's guest record)
const GuestList = lazyScreen(() => import('../screens/guests/GuestListScreen'));
const GuestRegistration = lazyScreen(() => import('../screens/guests/GuestRegistrationScreen'));
const GuestDetail = lazyScreen(() => import('../screens/guests/GuestDetailScreen'));
const EntourageManagement = lazyScreen(() => import('../screens/guests/EntourageScreen'));
const ReviewQueue = lazyScreen(() => import('../screens/guests/ReviewQueueScreen'));
const MyRegistration = lazyScreen(() => import('../screens/guests/MyRegistrationScreen'));
const ConsoleGuestRecord = lazyScreen(() => import('../screens/guests/GuestRecordScreen'));
// activities
const ActivitySignUp = lazyScreen(() => import('../screens/activities/ActivityScreen'));
const ActivityAdmin = lazyScreen(() => import('../screens/activities/ActivityAdminScreen'));
// content
const Downloads = lazyScreen(() => import('../screens/content/DownloadsScreen'));
const HistoricalGuests = lazyScreen(() => import('../screens/content/HistoricalGuestsScreen'));
const InvestmentProjects = lazyScreen(() => import('../screens/content/InvestmentProjectsScreen'));
const Vehicles = lazyScreen(() => import('../screens/content/VehiclesScreen'));
const UnofficialGuests = lazyScreen(() => import('../screens/content/UnofficialGuestsScreen'));
// notices
const NoticeDetail = lazyScreen(() => import('../screens/notices/NoticeDetailScreen'));
const NoticeAdmin = lazyScreen(() => import('../screens/notices/NoticesAdminScreen'));
// temporary registration
const TemporaryReview = lazyScreen(() => import('../screens/temporary/TemporaryReviewScreen'));
const TemporaryRecommendClosed = lazyScreen(() => import('../screens/temporary/TemporaryRecommendClosedScreen'));
// the workbooks of several features (the server's one export route)
const Exports = lazyScreen(() => import('../screens/exports/ExportsScreen'));
const CheckIn = lazyScreen(() => import('../screens/door/CheckInScreen'));
// messages to people
const Messages = lazyScreen(() => import('../screens/messages/MessagesScreen'));
// the organisers' form editor (form versions as data)
const Forms = lazyScreen(() => import('../screens/forms/FormsScreen'));

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
  CheckIn,
  Messages,
  Forms,
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
