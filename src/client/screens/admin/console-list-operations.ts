import { consoleApi } from '../../api/console-endpoints';
import { pageNumberOf, searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);

/** A whole list the server answers as an array, as the one page a declared list shows. */
const onePage = <Row>(records: Row[]) => ({ records, total: records.length, pageNum: 1, pageSize: Math.max(records.length, 1) });

/** Loads and row actions of the organisers' declared lists (ui-schemas/screens/invitation-codes.json, notices-admin.json, hotels.json, receptionists.json). */
export const consoleListOperations = {
  invitationCodePage: (query: ListLoadQuery) => consoleApi.codePage(searchOfListQuery(query)),
  revokeInvitationCode: (row: FormData) => consoleApi.revokeCode(String(row.code)),
  noticePublicationPage: (query: ListLoadQuery) => consoleApi.noticePage(pageNumberOf(query.pageNum, 1), pageNumberOf(query.pageSize, 20)),
  publishNotice: (row: FormData) => consoleApi.publishNotice(idOf(row)),
  deleteNotice: (row: FormData) => consoleApi.deleteNotice(idOf(row)),
  hotelList: async () => onePage(await consoleApi.hotels()),
  deleteHotel: (row: FormData) => consoleApi.deleteHotel(idOf(row)),
  receptionistList: async () => onePage(await consoleApi.receptionists()),
  deleteReceptionist: (row: FormData) => consoleApi.deleteReceptionist(idOf(row)),
};
