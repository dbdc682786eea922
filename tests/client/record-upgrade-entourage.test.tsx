/**
 * Form versions on the client for entourage members: a member saved under an older
 * entourage-member version opens from its record-upgrade route with the note of the dropped
 * fields and the flagged field, and saves without the dropped field once that is fixed. The real
 * manager and form run; only the HTTP calls are replaced.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntourageItem } from '../../src/shared/guest-api';
import type { RecordUpgradeData } from '../../src/shared/record-upgrade-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { recordUpgradeApi } from '../../src/client/api/record-upgrade-endpoints';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import { currentMemberDocument, guestDetail } from './fixtures/guest-fixtures';
import memberSchema from '../../src/generated/schemas/entourage-member.json';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30000 });

const FULL_ID = '370202197503150078';
/** a member document the current entourage-member schema accepts, as the list answers it (ID number masked) */
const currentMember = currentMemberDocument({ nameZh: '李四', idNumber: '370202********0078' });
const LONG_NAME = '李'.repeat(120);
/** the entourage-member schema's current x-version: a member saved under it needs no upgrade */
const CURRENT_VERSION = Number(memberSchema['x-version']);

function member(schemaVersion: number, document: Record<string, unknown>): EntourageItem {
  return { id: 'm1', document, idNumberMasked: String(currentMember.idNumber), schemaVersion, itinerary: null, reception: null };
}

const upgrade: RecordUpgradeData = {
  kind: 'entourage',
  id: 'm1',
  fromVersion: 1,
  toVersion: CURRENT_VERSION,
  document: { ...currentMember, nameZh: LONG_NAME },
  dropped: [{ pointer: '/guestId', value: 'g1' }],
  problems: [{ pointer: '/nameZh', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nameZh' }],
};

function inputOf(container: HTMLElement, field: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = container.querySelector<HTMLInputElement>(`#root_${field}`);
    if (!input) throw new Error(`no field ${field} yet`);
    return input;
  });
}

function errorTextOf(container: HTMLElement, field: string): string {
  return container.querySelector(`#root_${field}__error`)?.textContent ?? '';
}

function renderManager(item: EntourageItem) {
  const detail = guestDetail({ status: 'approved', entourage: [item], entourageCount: 1 }, { canManageEntourage: true });
  return render(
    <MemoryRouter>
      <EntourageManager detail={detail} access={{ editable: true }} onChanged={() => {}} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('an old entourage member in the entourage manager', () => {
  it('opens with the note and the flagged name, and saves without the dropped field once fixed', async () => {
    const fetchUpgrade = vi.spyOn(recordUpgradeApi, 'entourageMember').mockResolvedValue(upgrade);
    const save = vi.spyOn(guestApi, 'saveEntourage').mockResolvedValue(member(CURRENT_VERSION, currentMember));
    const { container } = renderManager(member(1, { ...currentMember, nameZh: LONG_NAME, guestId: 'g1' }));
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));

    const notice = await screen.findByTestId('record-upgrade-notice');
    expect(fetchUpgrade).toHaveBeenCalledWith(guestDetail().id, 'm1');
    expect(notice).toHaveTextContent(`版本 1 → ${CURRENT_VERSION}`);
    expect(screen.getByTestId('record-upgrade-dropped')).toHaveTextContent('guestId：g1');
    await waitFor(() => expect(errorTextOf(container, 'nameZh')).toBe('原内容不符合当前版本：长度不能超过 100 个字符'));
    const nameZh = await inputOf(container, 'nameZh');
    expect(nameZh.value).toBe(LONG_NAME);

    fireEvent.change(nameZh, { target: { value: '李四' } });
    fireEvent.change(await inputOf(container, 'idNumber'), { target: { value: FULL_ID } });
    fireEvent.click(screen.getByTestId('entourage-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const [guestId, memberId, sent] = save.mock.calls[0]!;
    expect([guestId, memberId]).toEqual([guestDetail().id, 'm1']);
    expect(sent).toEqual({ ...currentMember, nameZh: '李四', idNumber: FULL_ID });
  });

  it('opens a member of the current version as listed, without asking for an upgrade', async () => {
    const fetchUpgrade = vi.spyOn(recordUpgradeApi, 'entourageMember').mockResolvedValue(upgrade);
    const { container } = renderManager(member(CURRENT_VERSION, currentMember));
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    expect((await inputOf(container, 'nameZh')).value).toBe('李四');
    expect(fetchUpgrade).not.toHaveBeenCalled();
    expect(screen.queryByTestId('record-upgrade-notice')).toBeNull();
  });

  it('still opens the member as listed when the upgrade call fails', async () => {
    vi.spyOn(recordUpgradeApi, 'entourageMember').mockRejectedValue(new Error('offline'));
    const { container } = renderManager(member(1, { ...currentMember, nameZh: LONG_NAME, guestId: 'g1' }));
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    expect((await inputOf(container, 'nameZh')).value).toBe(LONG_NAME);
    expect(screen.queryByTestId('record-upgrade-notice')).toBeNull();
  });
});
