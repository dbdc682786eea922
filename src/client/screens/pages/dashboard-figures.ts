import type { ConsoleDashboard } from '../../../shared/console-api';

/** One figure of the organisers' dashboard: its label key, its count and the guest search that lists exactly those guests. */
export interface Figure {
  labelKey: string;
  count: number;
  to: string;
}

export interface FigureGroup {
  titleKey: string;
  figures: Figure[];
}

const SEARCH = '/admin/guests';

function searchFor(filter: string, value: string): string {
  return `${SEARCH}?${new URLSearchParams({ [filter]: value }).toString()}`;
}

/**
 * The dashboard's groups: each count links to the console guest search with the filter that
 * selects the same guests (console-guest-query), so a number and its list agree.
 */
export function figureGroups(figures: ConsoleDashboard): FigureGroup[] {
  return [
    {
      titleKey: 'console.dashboard.byStatus',
      figures: figures.byStatus.map(({ key, count }) => ({
        labelKey: `schema.enums.auditStatus.${key}`,
        count,
        to: searchFor('status', key ?? ''),
      })),
    },
    {
      titleKey: 'console.dashboard.byUnitType',
      figures: figures.byUnitType.map(({ key, count }) => ({
        labelKey: `schema.enums.unitType.${key}`,
        count,
        to: searchFor('unitType', key ?? ''),
      })),
    },
    {
      titleKey: 'console.dashboard.byAttendance',
      figures: figures.byAttendance.map(({ key, count }) => ({
        labelKey: `guest.attendance.${key}`,
        count,
        to: searchFor('attendance', key ?? ''),
      })),
    },
    {
      titleKey: 'console.dashboard.byArrivalDay',
      // guests without an itinerary have no arrival filter to link to: shown, not linked
      figures: figures.byArrivalDay.map(({ key, count }) => ({
        labelKey: key ?? 'console.dashboard.noArrival',
        count,
        to: key === null ? '' : searchFor('arrivalDate', key),
      })),
    },
  ];
}

export function perDayLink(day: string): string {
  return searchFor('registeredOn', day);
}
