import { guestApiPaths, type AuditStatus, type GateDecision } from '../../../shared/guest-api';
import { doorApiPaths } from '../../../shared/door-api';
import { downloadFileOrThrow, downloadListFile } from '../../api/download-file';
import { guestApi } from '../../api/guest-endpoints';
import { printBadgeBatch } from './badge-batch';
import { filterText, orderOfListQuery, pagingOf, searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);

/** The calls of the guest lists (ui-schemas/screens/guest-list.json, review-queue.json): pages, the add gate and the row actions. */
export const guestListOperations = {
  guestPage: (query: ListLoadQuery) =>
    guestApi.guestPage({
      ...pagingOf(query, 10),
      status: filterText(query.status) as AuditStatus | undefined,
      name: filterText(query.name),
      ...orderOfListQuery(query),
    }),
  reviewPage: (query: ListLoadQuery) => guestApi.reviewPage(searchOfListQuery(query)),
  // a failed load keeps the add off, saying so beside the button: the server decides whether it is open
  guestAddGate: (): Promise<GateDecision> =>
    guestApi
      .currentEdition()
      .then((edition) => edition.addGuestGate)
      .catch(() => ({ open: false, reasonKey: 'guest.gates.unknown' })),
  guestAttend: (row: FormData) => guestApi.confirmAttendance(idOf(row), { attend: true }),
  guestNotAttend: (row: FormData) => guestApi.confirmAttendance(idOf(row), { attend: false }),
  guestCancelAttendance: (row: FormData) => guestApi.cancelAttendance(idOf(row)),
  guestDeregister: (row: FormData) => guestApi.deregister(idOf(row)),
  guestBadge: (row: FormData) => badgesOf(doorApiPaths.guestBadges(idOf(row))),
  // the batch's first PDF; the screen offers the next ones (badge-batch.ts)
  unitBadges: () => printBadgeBatch(1),
  // the unit's list as it shows it (its filters and order; masked, audited by the server)
  exportGuestPage: (query: ListLoadQuery) => downloadListFile(guestApiPaths.exportGuestPage, 'guests.xlsx', query),
};

/** Badges as the server made them (a PDF, a page each); a refusal throws FileRefused (the list shows its message). */
async function badgesOf(path: string): Promise<void> {
  await downloadFileOrThrow(path, 'badges.pdf');
}
