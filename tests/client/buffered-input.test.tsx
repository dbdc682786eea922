import Box from '@mui/material/Box';
import Form from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formBasics, useErrorVisibility } from '../../src/client/engine/form-wiring';

/**
 * Text inputs keep what is typed and hand it to the form once typing pauses
 * (engine/widgets/BufferedInputTemplate.tsx, issue 17 typing latency): the form must still
 * validate, submit and report exactly what is typed, whenever the user blurs or submits.
 */
const schema: RJSFSchema = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', title: 'Code', pattern: '^[A-Z]+$' }, note: { type: 'string', title: 'Note' } },
};

function Harness({
  onSubmit,
  onChange,
  formData,
}: {
  onSubmit: (data: unknown) => void;
  onChange?: (data: unknown) => void;
  formData?: Record<string, unknown>;
}) {
  const { transformErrors, onBlur, onSubmitCapture } = useErrorVisibility(schema);
  return (
    <Box onSubmitCapture={onSubmitCapture}>
      <Form
        {...formBasics}
        schema={schema}
        validator={validator}
        formData={formData}
        transformErrors={transformErrors}
        onBlur={onBlur}
        onChange={(event) => onChange?.(event.formData)}
        onSubmit={(event) => onSubmit(event.formData)}
      />
    </Box>
  );
}

const input = (container: HTMLElement, name: string) => container.querySelector(`#root_${name}`) as HTMLInputElement;

describe('buffered text inputs', () => {
  it('submits the text typed just before the submit (Enter right after the last key)', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(input(container, 'code'), { target: { value: 'ABC' } });
    fireEvent.change(input(container, 'note'), { target: { value: 'hello' } });
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ code: 'ABC', note: 'hello' });
  });

  it('validates the typed text when the field is left, and refuses a submit of an invalid one', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(input(container, 'code'), { target: { value: 'abc' } });
    fireEvent.blur(input(container, 'code'));
    await waitFor(() => expect(container.querySelector('#root_code__error')?.textContent).toBeTruthy());
    fireEvent.change(input(container, 'code'), { target: { value: 'ABC' } });
    fireEvent.blur(input(container, 'code'));
    await waitFor(() => expect(container.querySelector('#root_code__error')?.textContent ?? '').toBe(''));
    fireEvent.change(input(container, 'code'), { target: { value: 'x' } });
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(container.querySelector('#root_code__error')?.textContent).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reports the text to the form once typing pauses (drafts, other widgets)', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onSubmit={vi.fn()} onChange={onChange} />);
    fireEvent.change(input(container, 'note'), { target: { value: 'h' } });
    fireEvent.change(input(container, 'note'), { target: { value: 'hi' } });
    expect(input(container, 'note').value).toBe('hi');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ note: 'hi' })));
  });

  it('shows a value the code sets (a captcha id, a reset) in place of the typed one', async () => {
    function Outer() {
      const [data, setData] = useState<Record<string, unknown>>({ code: 'OLD' });
      return (
        <>
          <button type="button" onClick={() => setData({ code: 'NEW' })}>
            set
          </button>
          <Harness onSubmit={vi.fn()} formData={data} />
        </>
      );
    }
    const { container, getByText } = render(<Outer />);
    expect(input(container, 'code').value).toBe('OLD');
    act(() => {
      fireEvent.click(getByText('set'));
    });
    await waitFor(() => expect(input(container, 'code').value).toBe('NEW'));
  });
});
