import { recordUpgradePaths as paths, type RecordUpgradeData } from '../../shared/record-upgrade-api';
import { http } from './app-http-client';

/** Typed calls of the record-upgrade contract (src/shared/record-upgrade-api.ts). */
export const recordUpgradeApi = {
  guest: (id: string) => http.request<RecordUpgradeData>('get', paths.guest(id)),
  myUnit: () => http.request<RecordUpgradeData>('get', paths.myUnit),
  /** organisers: any guest of the current edition */
  adminGuest: (id: string) => http.request<RecordUpgradeData>('get', paths.adminGuest(id)),
  entourageMember: (guestId: string, memberId: string) => http.request<RecordUpgradeData>('get', paths.entourageMember(guestId, memberId)),
};
