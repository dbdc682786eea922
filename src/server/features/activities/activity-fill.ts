import type { Db } from '../../db/database.js';
import { countsOf, noCounts } from './activity-repository.js';

export interface ActivityFillItem {
  id: string;
  name: string;
  status: string;
  /** null: no limit */
  limit: number | null;
  signedUp: number;
  waiting: number;
}

/** Every activity of an edition with its places taken and its waiting list (drafts included: organisers prepare them). */
export class ActivityFill {
  constructor(private readonly db: Db) {}

  async of(editionId: string): Promise<ActivityFillItem[]> {
    const activities = await this.db
      .selectFrom('activities')
      .select(['id', 'name', 'status', 'member_limit', 'start_time'])
      .where('edition_id', '=', editionId)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    const counts = await countsOf(
      this.db,
      activities.map((activity) => activity.id),
    );
    return activities.map((activity) => ({
      id: activity.id,
      name: activity.name,
      status: activity.status,
      limit: activity.member_limit,
      ...(counts.get(activity.id) ?? noCounts),
    }));
  }
}
