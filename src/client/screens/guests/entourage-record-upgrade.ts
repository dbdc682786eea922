import type { EntourageItem } from '../../../shared/guest-api';
import { recordUpgradeApi } from '../../api/record-upgrade-endpoints';
import { loadFormAssets } from '../../engine/form-assets';
import type { OpenedRecord } from '../../engine/record-upgrade';

/**
 * An entourage member saved under an older entourage-member schema opens in the current one:
 * the edit form gets the upgraded document, the note and the flagged fields
 * (engine/record-upgrade.ts). The member's document carries a masked ID number, which the current
 * validator always refuses, so only the version it was saved under decides; the server checks
 * the stored full number. Should the schema or the upgrade call fail, the member opens as stored.
 */
export async function openMemberInCurrentVersion(guestId: string, member: EntourageItem): Promise<OpenedRecord> {
  const asStored: OpenedRecord = { document: member.document, upgrade: null };
  if (member.schemaVersion === undefined) return asStored;
  try {
    const { schema } = await loadFormAssets('entourage-member');
    const current = Number((schema as { 'x-version'?: unknown })['x-version'] ?? 0);
    if (member.schemaVersion >= current) return asStored;
    const upgrade = await recordUpgradeApi.entourageMember(guestId, member.id);
    const changed = upgrade.dropped.length > 0 || upgrade.problems.length > 0;
    return { document: upgrade.document, upgrade: changed ? upgrade : null };
  } catch {
    // the form's own load says so if the schema itself cannot be loaded
    return asStored;
  }
}
