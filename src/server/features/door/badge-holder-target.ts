import type { AuditRecord } from '../../audit/audit.js';
import type { BadgeTable } from './door-tables.js';

/**
 * Whom an audit entry about a badge is against: its temporary registration, its entourage
 * member, or its guest. The id only, never the name (the log reads names when it shows them).
 */
export function badgeHolderTarget(
  badge: Pick<BadgeTable, 'guest_id' | 'member_id' | 'temporary_id'>,
): Pick<AuditRecord, 'targetType' | 'targetId'> {
  if (badge.temporary_id) return { targetType: 'temporary-registration', targetId: badge.temporary_id };
  if (badge.member_id) return { targetType: 'entourage', targetId: badge.member_id };
  return { targetType: 'guest', targetId: badge.guest_id ?? '' };
}
