import { guestApi } from '../../api/guest-endpoints';
import { wishApi } from '../../api/wish-endpoints';
import { consoleApiPaths } from '../../../shared/console-api';
import { downloadListFile } from '../../api/download-file';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import { GateShut, requiredParam, type Operation } from '../../engine/operation-types';

/**
 * Named calls of the good-wishes and guest-epidemic form declarations and of the organisers'
 * list of good wishes (ui-schemas/screens).
 */
export const wishOperations: Record<string, Operation> = {
  // no message yet: an empty form
  myWish: async () => (await wishApi.myWish())?.document ?? {},
  saveMyWish: (data) => wishApi.saveMyWish(data),
  // the epidemic-prevention information of the guest on the route (/guests/:id/epidemic)
  // a shut gate (the guest went back to review) shows the server's reason, not a form it would refuse
  guestEpidemic: async (_data, { id }) => {
    const guest = await guestApi.guest(requiredParam(id, 'id'));
    if (!guest.gates.canEditEpidemicInfo) {
      const reason = guest.gateReasons.canEditEpidemicInfo;
      throw new GateShut(reason?.reasonKey ?? 'guest.gates.locked', reason?.reasonParams);
    }
    return guest.epidemic ?? {};
  },
  saveGuestEpidemic: (data, { id }) => wishApi.saveEpidemic(requiredParam(id, 'id'), data),
  wishPage: (query: ListLoadQuery) => wishApi.wishPage(searchOfListQuery(query)),
  exportWishes: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportWishes, 'good-wishes.xlsx', query),
};
