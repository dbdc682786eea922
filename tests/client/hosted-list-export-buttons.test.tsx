/**
 * The export buttons of the lists a screen hosts (their rows come with a record): each sends the
 * record's id, which its host gives as the list's filter, to the list's export.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as downloads from '../../src/client/api/download-file';
import { activityApi } from '../../src/client/api/activity-endpoints';
import { ActivityDetailDialog } from '../../src/client/screens/activities/ActivityDetailDialog';
import { ActivityRosterDialog } from '../../src/client/screens/activities/ActivityRosterDialog';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import type { ActivitySummary, SignUpItem } from '../../src/shared/activity-api';
import { guestDetail } from './fixtures/guest-fixtures';

// the dialogs load the activity schema as a chunk: slow under a full parallel run
configure({ asyncUtilTimeout: 15_000 });
const SLOW = 30_000;

afterEach(() => vi.restoreAllMocks());

const summary: ActivitySummary = {
  id: 'a1',
  category: 'committee',
  status: 'published',
  document: {
    name: '开幕式',
    category: 'committee',
    place: '国际会议中心',
    startTime: '2027-06-18T09:00:00+08:00',
    endTime: '2027-06-18T11:00:00+08:00',
  },
  memberLimit: 1,
  signedUpCount: 1,
  waitingCount: 1,
  full: true,
  signUpState: 'open',
  updatedAt: '2027-05-10T00:00:00.000Z',
};
const signUp = (patch: Partial<SignUpItem> = {}): SignUpItem => ({
  id: 's1',
  activityId: 'a1',
  guestId: 'g1',
  memberId: null,
  personName: '张三',
  status: 'signed-up',
  waitingPosition: null,
  speaker: false,
  speechMaterials: [],
  document: { activityId: 'a1', guestId: 'g1' },
  createdAt: '2027-05-10T00:00:00.000Z',
  ...patch,
});

describe('export buttons of hosted lists', () => {
  it("exports an activity's roster and waiting list with the activity's id", { timeout: SLOW }, async () => {
    vi.spyOn(activityApi, 'adminActivity').mockResolvedValue({
      ...summary,
      signedUp: [{ ...signUp(), unitName: '示例跨国企业有限公司' }],
      waiting: [{ ...signUp({ id: 's2', personName: '李四', status: 'waiting', waitingPosition: 1 }), unitName: '示例第二企业有限公司' }],
      assignedGuests: [],
    });
    const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
    render(
      <MemoryRouter>
        <ActivityRosterDialog id="a1" onClose={() => {}} />
      </MemoryRouter>,
    );
    // each button waits for its list's query schema (the order goes with the export)
    const roster = await screen.findByTestId('roster-download');
    await waitFor(() => expect(roster).toBeEnabled());
    fireEvent.click(roster);
    await waitFor(() => expect(exported).toHaveBeenCalledWith('admin/activity/export/signed-up', 'activity-signed-up.xlsx', { id: 'a1' }));
    const waiting = screen.getByTestId('waiting-download');
    await waitFor(() => expect(waiting).toBeEnabled());
    fireEvent.click(waiting);
    await waitFor(() => expect(exported).toHaveBeenCalledWith('admin/activity/export/waiting', 'activity-waiting-list.xlsx', { id: 'a1' }));
    expect(screen.getByTestId('waiting-download')).toHaveTextContent('导出 Excel');
  });

  it("exports a unit's sign-ups for the activity open in its dialog", { timeout: SLOW }, async () => {
    vi.spyOn(activityApi, 'unitActivity').mockResolvedValue({
      ...summary,
      mySignUps: [signUp()],
      assignedGuestIds: [],
      deadline: '2027-09-28',
    });
    const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
    render(
      <MemoryRouter>
        <ActivityDetailDialog id="a1" onClose={() => {}} />
      </MemoryRouter>,
    );
    // the button waits for the list's query schema (its order goes with the export)
    const button = await screen.findByTestId('my-sign-ups-download');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(exported).toHaveBeenCalledWith('qms/export/activity-sign-ups', 'activity-sign-ups.xlsx', { id: 'a1' }));
  });

  it("exports a guest's entourage with the guest's id", { timeout: SLOW }, async () => {
    const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
    const detail = guestDetail(
      {
        status: 'approved',
        entourage: [{ id: 'm1', document: { nameZh: '李四' }, idNumberMasked: '370202********5678' }],
        entourageCount: 1,
      },
      { canManageEntourage: true },
    );
    render(
      <MemoryRouter>
        <EntourageManager detail={detail} access={{ editable: true }} onChanged={() => {}} />
      </MemoryRouter>,
    );
    const button = screen.getByTestId('entourage-members-download');
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(exported).toHaveBeenCalledWith('qms/export/entourage', 'entourage-members.xlsx', { id: detail.id }));
  });
});
