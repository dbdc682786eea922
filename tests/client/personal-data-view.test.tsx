import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import guestSchema from '../../src/generated/schemas/guest.json';
import receptionSchema from '../../src/generated/schemas/reception.json';
import { ReadOnlyDocument } from '../../src/client/engine/ReadOnlyDocument';
import { draftOf, unchangedMaskFilter } from '../../src/client/engine/masked-values';
import { SchemaForm } from '../../src/client/engine/SchemaForm';

const schema = guestSchema as unknown as RJSFSchema;
const maskedGuest = { nameZh: '张三', idType: 'resident-id', idNumber: '370202********1234', mobile: '138****0007', position: '总经理' };

describe('personal data in the browser (issue 18)', () => {
  it('shows masked values with a Show button that asks for one field, then the full value', async () => {
    const reveal = vi.fn(async (kind: string) => (kind === 'idNumber' ? '370202198001011234' : '13800000007'));
    render(<ReadOnlyDocument schemaName="guest" data={maskedGuest} reveal={reveal} />);
    const buttons = await screen.findAllByTestId('reveal-button');
    expect(buttons).toHaveLength(2);
    expect(
      screen
        .getAllByTestId('revealable-value')
        .map((node) => node.textContent)
        .sort(),
    ).toEqual(['138****0007', '370202********1234']);
    const idButton = buttons.find((button) => button.closest('[data-field="/idNumber"]'))!;
    fireEvent.click(idButton);
    await waitFor(() => expect(screen.getByText('370202198001011234')).toBeInTheDocument());
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(reveal).toHaveBeenCalledWith('idNumber');
    // the other field stays masked until its own click
    expect(screen.getByText('138****0007')).toBeInTheDocument();
    expect(screen.getAllByTestId('reveal-button')).toHaveLength(1);
  });

  it('offers no Show button where the caller may not see the full value', async () => {
    render(<ReadOnlyDocument schemaName="guest" data={maskedGuest} />);
    await waitFor(() => expect(screen.getByText('370202********1234')).toBeInTheDocument());
    expect(screen.queryByTestId('reveal-button')).toBeNull();
  });

  it("shows a reception's masked receptionist phones with a Show button each, asked for by pointer", async () => {
    const reception = {
      stations: [{ place: '青岛北站', receptionistName: '郑接待', receptionistPhone: '139****6666' }],
      hotels: [{ place: '海景酒店', receptionistName: '王接待', receptionistPhone: '139****7777' }],
    };
    const revealAt = vi.fn(async (pointer: string) => (pointer === '/hotels/0/receptionistPhone' ? '13900007777' : '13900006666'));
    render(<ReadOnlyDocument schemaName="reception" data={reception} revealAt={revealAt} />);
    const buttons = await screen.findAllByTestId('reveal-button');
    expect(buttons).toHaveLength(2);
    expect(screen.getByText('郑接待')).toBeInTheDocument();
    fireEvent.click(buttons.find((button) => button.closest('[data-field="/hotels/0/receptionistPhone"]'))!);
    await waitFor(() => expect(screen.getByText('13900007777')).toBeInTheDocument());
    expect(revealAt).toHaveBeenCalledTimes(1);
    expect(revealAt).toHaveBeenCalledWith('/hotels/0/receptionistPhone', 'mobile');
    expect(screen.getByText('139****6666')).toBeInTheDocument();
  });

  it('offers no Show button on a reception where the caller may not see the phone (a guest account)', async () => {
    render(
      <ReadOnlyDocument
        schemaName="reception"
        data={{ stations: [{ place: '青岛北站', receptionistName: '郑接待', receptionistPhone: '139****6666' }] }}
      />,
    );
    await waitFor(() => expect(screen.getByText('139****6666')).toBeInTheDocument());
    expect(screen.queryByTestId('reveal-button')).toBeNull();
  });

  it("lets a reception's masks pass the browser check at any position, never another mask", () => {
    const form = receptionSchema as unknown as RJSFSchema;
    const initial = { stations: [{ place: '青岛北站', receptionistName: '郑接待', receptionistPhone: '139****6666' }] };
    let current: Record<string, unknown> = initial;
    const keep = unchangedMaskFilter(form, initial, () => current);
    const patternError = (property: string) => ({ property, name: 'pattern', message: 'bad', stack: 'bad', params: {}, schemaPath: '' });
    expect(keep(patternError('.stations.0.receptionistPhone'))).toBe(false);
    // a point added before it: the mask moved to position 1
    current = { stations: [{ place: '青岛站', receptionistName: '刘接待', receptionistPhone: '13900005555' }, initial.stations[0]] };
    expect(keep(patternError('.stations.1.receptionistPhone'))).toBe(false);
    current = { stations: [{ place: '青岛北站', receptionistName: '郑接待', receptionistPhone: '139****9999' }] };
    expect(keep(patternError('.stations.0.receptionistPhone'))).toBe(true);
    expect(keep(patternError('.stations.0.place'))).toBe(true);
  });

  it('keeps ID numbers and mobiles out of drafts (by the schema marks)', async () => {
    expect(draftOf(schema, { nameZh: '李四', idNumber: '370202198001011234', mobile: '13800000007' })).toEqual({ nameZh: '李四' });
    const onDraft = vi.fn();
    render(
      <SchemaForm schemaName="guest" initial={{}} onDraft={onDraft} onSubmit={async () => {}} formId="draft-test">
        <button type="submit">save</button>
      </SchemaForm>,
    );
    const name = (await screen.findByLabelText(/中文姓名|姓名/, { selector: '#root_nameZh' })) as HTMLInputElement;
    // typed text reaches the form when the field is left (inputs buffer while typing, issue 17)
    const type = (input: Element, value: string) => {
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    };
    type(name, '李四');
    type(document.querySelector('#root_idNumber')!, '370202198001011234');
    type(document.querySelector('#root_mobile')!, '13800000007');
    await waitFor(() => expect(onDraft).toHaveBeenCalled(), { timeout: 5000 });
    const last = onDraft.mock.calls.at(-1)![0] as Record<string, unknown>;
    expect(last.nameZh).toBe('李四');
    expect(last).not.toHaveProperty('idNumber');
    expect(last).not.toHaveProperty('mobile');
    for (const [draft] of onDraft.mock.calls) expect(JSON.stringify(draft)).not.toContain('370202198001011234');
  });

  it('lets an unchanged mask pass the browser check, never a changed one', () => {
    let current: Record<string, unknown> = { ...maskedGuest };
    const keep = unchangedMaskFilter(schema, maskedGuest, () => current);
    const formatError = { property: '.idNumber', name: 'format', message: 'bad', stack: 'bad', params: {}, schemaPath: '' };
    expect(keep(formatError)).toBe(false);
    current = { ...maskedGuest, idNumber: '370202********9999' };
    expect(keep(formatError)).toBe(true);
    expect(keep({ ...formatError, property: '.nameZh' })).toBe(true);
  });
});
