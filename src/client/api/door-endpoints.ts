import { doorApiPaths as paths, type DoorAbsentPage, type DoorArrivals } from '../../shared/door-api';
import { http } from './app-http-client';

/** Typed calls of the door's figures for organisers (src/shared/door-api.ts); the scan itself is sent by screens/door/scan-queue.ts. */
export const doorApi = {
  arrivals: () => http.request<DoorArrivals>('get', paths.arrivals),
  absent: (pageNum: number, pageSize: number) => http.request<DoorAbsentPage>('get', paths.absent, { searchParams: { pageNum, pageSize } }),
};
