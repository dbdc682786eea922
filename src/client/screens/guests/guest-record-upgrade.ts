import type { GuestDetail } from '../../../shared/guest-api';
import { recordUpgradeApi } from '../../api/record-upgrade-endpoints';
import { openInCurrentVersion } from '../../engine/record-upgrade';
import type { GuestWizardContext } from './guest-wizard-gates';

/**
 * A guest saved under an older guest schema opens in the current one: the basic-information
 * step gets the upgraded document, the note and the flagged fields (engine/record-upgrade.ts).
 */
export async function openGuestInCurrentVersion(detail: GuestDetail): Promise<Pick<GuestWizardContext, 'detail' | 'upgrades'>> {
  const opened = await openInCurrentVersion('guest', detail, () => recordUpgradeApi.guest(detail.id));
  return {
    detail: { ...detail, document: opened.document },
    ...(opened.upgrade ? { upgrades: { document: opened.upgrade } } : {}),
  };
}
