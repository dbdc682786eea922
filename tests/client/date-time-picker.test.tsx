import Form from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formBasics } from '../../src/client/engine/form-wiring';

const schema: RJSFSchema = { type: 'object', properties: { departureTime: { type: 'string', format: 'date-time', title: '出发时间' } } };

describe("a date-time field's calendar button", () => {
  it('opens a picker in the UI language with 24-hour time, and puts the picked time in the field', async () => {
    let saved: Record<string, unknown> = {};
    render(
      <Form
        {...formBasics}
        schema={schema}
        validator={validator}
        formData={{ departureTime: '2027-06-17T08:00:00+08:00' }}
        onChange={(event) => (saved = event.formData as Record<string, unknown>)}
      />,
    );
    fireEvent.click(await screen.findByTestId('date-pick'));
    const picker = await screen.findByRole('dialog', { name: /出发时间/ });
    // Chinese texts
    expect(within(picker).getByRole('button', { name: '确认' })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: '取消' })).toBeInTheDocument();
    expect(picker.textContent).not.toMatch(/\b(AM|PM)\b/);
    fireEvent.click(within(picker).getByRole('gridcell', { name: '20' }));
    // 24-hour: the hours run to 23, with no AM/PM
    const hours = within(picker).getAllByRole('listbox')[0]!;
    expect(within(hours).getAllByRole('option')).toHaveLength(24);
    fireEvent.click(within(hours).getByRole('option', { name: /^14/ }));
    fireEvent.click(within(picker).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(saved.departureTime).toBe('2027-06-20T14:00:00+08:00'));
    expect((screen.getByRole('textbox', { name: /出发时间/ }) as HTMLInputElement).value).toBe('2027-06-20 14:00');
  });
});
