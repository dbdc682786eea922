import { guestApiPaths, type EntourageItem } from '../../../shared/guest-api.js';
import type { EntourageQuery } from '../../../generated/types.js';
import { pageOfWhole, type AuditedListExport } from '../../exports/audited-list-exports.js';
import type { Guests } from './guests.js';

/**
 * A guest's entourage (the unit's guest record, ui-schemas/screens/entourage-members.json) as a
 * workbook of what the list shows: the members of the same guest record the screen reads
 * (its host's filter `id`), scoped to the caller's unit, in the order the list shows (a column,
 * else the order added), the ID number as the
 * list shows it (masked).
 */
export function entourageListExport(guests: Guests): AuditedListExport<EntourageQuery, EntourageItem> {
  return {
    readers: 'units',
    path: guestApiPaths.exportEntourage,
    summary: "A guest's entourage as the guest record lists it (the members of qms/guest/{id})",
    query: 'entourage-query',
    fileKey: 'guest.entourage.exportFile',
    sheetKey: 'guest.steps.entourage',
    columns: [
      { headerKey: 'guest.list.name', width: 20, value: (row) => (typeof row.document.nameZh === 'string' ? row.document.nameZh : null) },
      { headerKey: 'guest.list.idNumber', width: 24, sensitive: 'idNumber', value: (row) => row.idNumberMasked },
    ],
    // answered whole with the guest's record: the export's pages are cut from it
    page: async (who, query) => pageOfWhole((await guests.detail(who, query.id)).entourage, query),
  };
}
