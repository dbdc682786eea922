import { describe, expect, it } from 'vitest';
import { BadgeSightings } from '../../src/client/screens/door/badge-sightings';

describe('the camera tells a new scan from a badge still in view', () => {
  it('scans a badge held in view once, however long it is held', () => {
    const sightings = new BadgeSightings(3000);
    const readings = Array.from({ length: 100 }, (_, i) => sightings.isNewScan('badge-a', i * 150));
    expect(readings.filter(Boolean)).toHaveLength(1);
    expect(readings[0]).toBe(true);
  });

  it('scans it again once it has been out of view, and scans another badge at once', () => {
    const sightings = new BadgeSightings(3000);
    expect(sightings.isNewScan('badge-a', 0)).toBe(true);
    expect(sightings.isNewScan('badge-a', 2900)).toBe(false);
    expect(sightings.isNewScan('badge-a', 6000)).toBe(true);
    expect(sightings.isNewScan('badge-b', 6100)).toBe(true);
    expect(sightings.isNewScan('badge-a', 6200)).toBe(true);
  });
});
