import { doorApiPaths as paths, type DoorAbsentPage, type DoorArrivals } from '../../shared/door-api';
import { http } from './app-http-client';

/** Typed calls of the door's figures for organisers (src/shared/door-api.ts); the scan itself is sent by screens/door/scan-queue.ts. */
export const doorApi = {
  arrivals: () => http.request<DoorArrivals>('get', paths.arrivals),
  /** the "not arrived" list's page: its filter, order and page (door-absent-query) */
  absent: (query: Record<string, string>) => http.request<DoorAbsentPage>('get', paths.absent, { searchParams: query }),
};
