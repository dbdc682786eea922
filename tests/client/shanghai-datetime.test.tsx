// the browser is in UTC (and then New York): the typed time must still be a Shanghai wall time
process.env.TZ = 'UTC';
import Form from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadOnlyDocument } from '../../src/client/engine/ReadOnlyDocument';
import { formBasics } from '../../src/client/engine/form-wiring';
import { fromShanghaiLocal, toShanghaiLocal } from '../../src/shared/shanghai-time';
import { sampleItinerary } from './fixtures/guest-fixtures';

afterAll(() => {
  process.env.TZ = '';
});

const schema: RJSFSchema = { type: 'object', properties: { departureTime: { type: 'string', format: 'date-time', title: '出发时间' } } };

/** Issue 11 item 1: itinerary date-times are Asia/Shanghai wall times in any browser zone. */
describe('date-times in Asia/Shanghai', () => {
  it('converts both ways with the fixed +08:00 offset, whatever the process zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Shanghai']) {
      process.env.TZ = zone;
      expect(fromShanghaiLocal('2027-06-17T08:00')).toBe('2027-06-17T08:00:00+08:00');
      expect(toShanghaiLocal('2027-06-17T08:00:00+08:00')).toBe('2027-06-17T08:00');
      expect(toShanghaiLocal('2027-06-17T00:00:00.000Z')).toBe('2027-06-17T08:00');
      expect(toShanghaiLocal('2027-06-16T20:30:00Z')).toBe('2027-06-17T04:30');
    }
    process.env.TZ = 'UTC';
    expect(new Date('2027-06-17T08:00').getTimezoneOffset()).toBe(0);
  });

  it('stores 08:00 typed in a UTC browser as 08:00 Shanghai time, and labels the zone', async () => {
    let saved: Record<string, unknown> = {};
    render(<Form {...formBasics} schema={schema} validator={validator} onChange={(event) => (saved = event.formData as Record<string, unknown>)} />);
    const input = (await screen.findByLabelText(/出发时间/)) as HTMLInputElement;
    expect(screen.getAllByText(/北京时间/).length).toBeGreaterThan(0);
    fireEvent.change(input, { target: { value: '2027-06-17T08:00' } });
    await waitFor(() => expect(saved.departureTime).toBe('2027-06-17T08:00:00+08:00'));
    expect(input.value).toBe('2027-06-17T08:00');
  });

  it('shows a saved itinerary time as 08:00 with the zone on the detail view', async () => {
    const itinerary = { ...sampleItinerary, arrival: { ...sampleItinerary.arrival, departureTime: '2027-06-17T08:00:00+08:00' } };
    render(<ReadOnlyDocument schemaName="itinerary" data={itinerary} />);
    await waitFor(() => expect(screen.getAllByText(/2027-06-17 08:00:00 \(北京时间\)/).length).toBeGreaterThan(0));
  });
});
