import type { ResponseConsoleDashboard } from '../../../generated/types.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { Editions } from '../edition/editions.js';
import type { GuestFigures } from '../guests/guest-figures.js';
import type { ActivityFill } from '../activities/activity-fill.js';

/** The organisers' figures of the current edition: the guests' counts beside each activity's places. */
export class OrganiserDashboard {
  constructor(
    private readonly editions: Editions,
    private readonly guestFigures: GuestFigures,
    private readonly activityFill: ActivityFill,
  ) {}

  async figures(who: SignedInAccount): Promise<ResponseConsoleDashboard> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const [guests, activities] = await Promise.all([this.guestFigures.of(edition.id), this.activityFill.of(edition.id)]);
    return { ...guests, activities };
  }
}
