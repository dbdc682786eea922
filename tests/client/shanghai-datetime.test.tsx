// the browser is in UTC (and then New York): the typed time must still be a Shanghai wall time
process.env.TZ = 'UTC';
import Form from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureNamespaces } from '../../src/client/i18n/i18n-setup';
import { parseTyped } from '../../src/client/engine/widgets/typed-date';
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
    render(
      <Form
        {...formBasics}
        schema={schema}
        validator={validator}
        onChange={(event) => (saved = event.formData as Record<string, unknown>)}
      />,
    );
    const input = (await screen.findByRole('textbox', { name: /出发时间/ })) as HTMLInputElement;
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

// issue 19 item 17: a browser's date input shows its own locale's order (mm/dd/yyyy in an
// English Chromium under the Chinese UI); the fields show the UI language's hint instead
describe('date and date-time fields in the UI language', () => {
  const both: RJSFSchema = {
    type: 'object',
    properties: {
      expiresOn: { type: 'string', format: 'date', title: '有效期至' },
      departureTime: { type: 'string', format: 'date-time', title: '出发时间' },
    },
  };

  function renderBoth() {
    let saved: Record<string, unknown> = {};
    render(
      <Form
        {...formBasics}
        schema={both}
        validator={validator}
        onChange={(event) => (saved = event.formData as Record<string, unknown>)}
      />,
    );
    return () => saved;
  }

  it('hints year-month-day in Chinese and takes a typed date and time', async () => {
    const saved = renderBoth();
    const date = (await screen.findByRole('textbox', { name: /有效期至/ })) as HTMLInputElement;
    const time = (await screen.findByRole('textbox', { name: /出发时间/ })) as HTMLInputElement;
    for (const input of [date, time]) {
      expect(input.type).toBe('text');
      expect(input.placeholder).not.toMatch(/mm|dd|yyyy/i);
    }
    expect(date.placeholder).toBe('年-月-日，如 2027-06-18');
    expect(time.placeholder).toBe('年-月-日 时:分，如 2027-06-18 09:00');
    fireEvent.change(date, { target: { value: '2027/6/8' } });
    fireEvent.change(time, { target: { value: '2027-06-17 8:05' } });
    await waitFor(() => expect(saved()).toEqual({ expiresOn: '2027-06-08', departureTime: '2027-06-17T08:05:00+08:00' }));
    expect(screen.getAllByRole('button', { name: /从日历选择/ })).toHaveLength(2);
  });

  it('hints YYYY-MM-DD in English', async () => {
    await i18next.changeLanguage('en');
    await ensureNamespaces(['client']);
    try {
      renderBoth();
      expect(((await screen.findByRole('textbox', { name: /有效期至/ })) as HTMLInputElement).placeholder).toBe(
        'YYYY-MM-DD, e.g. 2027-06-18',
      );
      expect(((await screen.findByRole('textbox', { name: /出发时间/ })) as HTMLInputElement).placeholder).toBe(
        'YYYY-MM-DD hh:mm, e.g. 2027-06-18 09:00',
      );
    } finally {
      await i18next.changeLanguage('zh-CN');
    }
  });

  it('shows a saved time as Shanghai wall time text, and hands text that is no date to the format check', async () => {
    let saved: Record<string, unknown> = {};
    render(
      <Form
        {...formBasics}
        schema={both}
        validator={validator}
        formData={{ departureTime: '2027-06-17T00:30:00.000Z' }}
        onChange={(event) => (saved = event.formData as Record<string, unknown>)}
      />,
    );
    const time = (await screen.findByRole('textbox', { name: /出发时间/ })) as HTMLInputElement;
    expect(time.value).toBe('2027-06-17 08:30');
    fireEvent.change(time, { target: { value: '2027-02-30 08:00' } });
    await waitFor(() => expect(saved.departureTime).toBe('2027-02-30 08:00'));
    expect(time.value).toBe('2027-02-30 08:00');
  });

  it('reads the usual ways of writing a date, and nothing else', () => {
    expect(parseTyped('2027年6月18日', false)).toBe('2027-06-18');
    expect(parseTyped('2027.06.18 09:00', true)).toBe('2027-06-18T09:00');
    expect(parseTyped('2027-06-18T09:00', true)).toBe('2027-06-18T09:00');
    expect(parseTyped('2027-06-18', true)).toBeNull();
    expect(parseTyped('2027-06-18 09:00', false)).toBeNull();
    expect(parseTyped('06/18/2027', false)).toBeNull();
    expect(parseTyped('2027-06-18 24:00', true)).toBeNull();
  });
});
