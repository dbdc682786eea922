/**
 * Issue 31, defect 1, the organiser's half: the organiser's record of an approved guest saved
 * under an older form version shows the upgrade note naming the flagged field, opens exactly
 * that field (marked; the rest read-only, the invitation code disabled), saves it through the
 * organiser's route, and reloads without the note.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordUpgradeData } from '../../src/shared/record-upgrade-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { recordUpgradeApi } from '../../src/client/api/record-upgrade-endpoints';
import GuestRecordScreen from '../../src/client/screens/guests/GuestRecordScreen';
import { currentGuestDocument, currentVersion, guestDetail } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' ');
const currentGuest = currentGuestDocument({ inviteCode: 'INVITE2025A' });
const approved = { id: 'g1', nameZh: '张三', status: 'approved' as const };

function renderRecord() {
  return render(
    <MemoryRouter initialEntries={['/admin/guests/g1']}>
      <Routes>
        <Route path="/admin/guests/:id" element={<GuestRecordScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`#upgrade_${name}`);

describe("the organiser's record of an approved guest of an older form version", () => {
  it('opens only the flagged field, marked and named in the note, saves it, and reloads without the note', async () => {
    // the photo and business card widgets ask for their files: none here
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    const stored = { ...currentGuest, nameEn: LONG_NAME };
    const load = vi
      .spyOn(guestApi, 'adminGuest')
      .mockResolvedValueOnce(guestDetail({ ...approved, schemaVersion: 1, document: stored }))
      .mockResolvedValue(guestDetail({ ...approved, document: { ...currentGuest, nameEn: 'Zhang San' } }));
    const upgrade: RecordUpgradeData = {
      kind: 'guest',
      id: 'g1',
      fromVersion: 1,
      toVersion: currentVersion('guest'),
      document: stored,
      dropped: [{ pointer: '/faxNumber', value: '0532-88886666' }],
      problems: [{ pointer: '/nameEn', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nameEn' }],
    };
    const readUpgrade = vi.spyOn(recordUpgradeApi, 'adminGuest').mockResolvedValue(upgrade);
    const save = vi.spyOn(guestApi, 'adminSaveUpgradeFix').mockResolvedValue(null);
    const { container } = renderRecord();

    await screen.findByTestId('record-upgrade-notice');
    expect(readUpgrade).toHaveBeenCalledWith('g1');
    // the note names the field to change
    expect(await screen.findByTestId('record-upgrade-fields')).toHaveTextContent(/英文/);
    await waitFor(() => expect(container.querySelector('#upgrade_nameEn__error')?.textContent).toMatch(/长度不能超过 100 个字符/));
    const nameEn = field(container, 'nameEn')!;
    expect(nameEn).toBeEnabled();
    expect(nameEn).not.toHaveAttribute('readonly');
    // the rest stays as approved: read-only, the invitation code among them
    expect(field(container, 'nameZh')!.disabled || field(container, 'nameZh')!.readOnly).toBe(true);
    expect(field(container, 'inviteCode')).toBeDisabled();
    expect(screen.queryByTestId('check-invite-code')).toBeNull();
    // the read-only basic section gives way to the form
    expect(screen.queryByTestId('record-basic')).toBeNull();

    fireEvent.change(nameEn, { target: { value: 'Zhang San' } });
    fireEvent.blur(nameEn);
    fireEvent.click(screen.getByTestId('record-upgrade-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    // the stored document with only the fix: what the organiser's route lets through
    expect(save.mock.calls[0]![0]).toBe('g1');
    expect(save.mock.calls[0]![1]).toEqual({ ...currentGuest, nameEn: 'Zhang San' });

    // the record reloads in the current version: no note, no form, the read-only basic information
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await screen.findByTestId('record-basic');
    expect(screen.queryByTestId('record-upgrade-notice')).toBeNull();
    expect(screen.queryByTestId('record-upgrade-fix')).toBeNull();
    expect(readUpgrade).toHaveBeenCalledTimes(1);
  });
});
