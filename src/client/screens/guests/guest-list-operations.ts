import type { AuditStatus, GateDecision } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { pageNumberOf, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The calls of the guest lists (ui-schemas/screens/guest-list.json, review-queue.json): pages, the add gate and the row actions. */
export const guestListOperations = {
  guestPage: (query: ListLoadQuery) =>
    guestApi.guestPage({
      pageNum: pageNumberOf(query.pageNum, 1),
      pageSize: pageNumberOf(query.pageSize, 10),
      status: textOf(query.status) as AuditStatus | undefined,
      name: textOf(query.name),
    }),
  reviewPage: (query: ListLoadQuery) =>
    guestApi.reviewPage({ pageNum: pageNumberOf(query.pageNum, 1), pageSize: pageNumberOf(query.pageSize, 20), status: textOf(query.status) as AuditStatus | undefined }),
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
};
