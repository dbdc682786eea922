import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { activityApi } from '../../src/client/api/activity-endpoints';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import ActivityScreen from '../../src/client/screens/activities/ActivityScreen';
import { SpeechMaterialsDialog } from '../../src/client/screens/activities/SpeechMaterialsDialog';
import ActivityAdminScreen from '../../src/client/screens/activities/ActivityAdminScreen';
import type { ActivitySummary, SignUpItem, UnitActivityDetail } from '../../src/shared/activity-api';
import { guestSummary } from './fixtures/guest-fixtures';

// the detail loads the activity schema as a chunk: slow under a full parallel run
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.restoreAllMocks();
  answerConfirm(false);
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** jsdom has no layout: the list's media query is answered as a phone (under 600 px). */
function phoneWidth() {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function LocationProbe() {
  return <span data-testid="location">{useLocation().search}</span>;
}

function renderActivityScreen(entry = '/activity') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <ActivityScreen />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/**
 * Opens the sign-up dialog of the activity whose detail is open. The button is disabled until the
 * detail has loaded: clicked before, nothing opens (a loaded machine failed three tests so).
 */
async function openSignUp(): Promise<void> {
  const button = await screen.findByTestId('sign-up-open');
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

function activity(patch: Partial<ActivitySummary> = {}): ActivitySummary {
  return {
    id: 'a1',
    category: 'committee',
    status: 'published',
    document: {
      name: '开幕式',
      category: 'committee',
      place: '国际会议中心',
      startTime: '2027-06-18T09:00:00+08:00',
      endTime: '2027-06-18T11:00:00+08:00',
      memberLimit: 1,
      liveLink: 'https://live.example.com/1',
      speaker: true,
    },
    memberLimit: 1,
    signedUpCount: 0,
    waitingCount: 0,
    full: false,
    signUpState: 'open',
    updatedAt: '2027-05-10T00:00:00.000Z',
    ...patch,
  };
}

function signUpItem(patch: Partial<SignUpItem> = {}): SignUpItem {
  return {
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
  };
}

function detail(patch: Partial<UnitActivityDetail> = {}): UnitActivityDetail {
  return { ...activity(), mySignUps: [], assignedGuestIds: [], deadline: '2027-09-28', ...patch };
}

describe('unit activity screen', () => {
  it('has the four SPEC tabs and lists each tab with its sign-up state', { timeout: 20_000 }, async () => {
    const page = vi.spyOn(activityApi, 'unitPage').mockImplementation(async ({ category }) => ({
      records:
        category === 'committee'
          ? [
              activity({ id: 'a1', signUpState: 'notOpen' }),
              activity({ id: 'a2', full: true, signedUpCount: 1, waitingCount: 2, document: { ...activity().document, name: '参观' } }),
            ]
          : [],
      total: category === 'committee' ? 2 : 0,
      pageNum: 1,
      pageSize: 10,
    }));
    renderActivityScreen();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['组委会活动', '活动推荐', '活动指派', '地市活动']);
    // issue 19 item 17: the layout's h1 already says 活动报名
    expect(screen.queryByRole('heading', { name: '活动报名' })).toBeNull();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('activity-state-notOpen')).toHaveTextContent('报名尚未开始');
    expect(within(rows[1]!).getByTestId('activity-state-full')).toHaveTextContent('已满：候补');
    expect(rows[1]).toHaveTextContent('已报名 1 / 1，候补 2');
    fireEvent.click(screen.getByTestId('activity-tab-invited'));
    await waitFor(() => expect(page).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, category: 'invited' }));
    expect(await screen.findByTestId('activity-empty')).toBeInTheDocument();
    // issue 19 item 17: the tab is in the URL
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=invited');
  });

  it("searches a tab by the activity's name and sorts it by name and start time from the headers, the tab kept", async () => {
    const page = vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    renderActivityScreen('/activity?tab=city&name=%E5%8F%82%E8%A7%82');
    await waitFor(() => expect(page).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, category: 'city', name: '参观' }));
    // the tab is the category and units see published activities only: the name is the one field of the bar
    expect(screen.getByLabelText(/活动名称/)).toHaveValue('参观');
    expect(screen.queryByLabelText(/^活动分类/)).toBeNull();
    fireEvent.click(await screen.findByTestId('activity-sort-name'));
    await waitFor(() =>
      expect(page).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, category: 'city', name: '参观', sort: 'name', order: 'asc' }),
    );
    fireEvent.click(screen.getByTestId('activity-sort-startTime'));
    fireEvent.click(screen.getByTestId('activity-sort-startTime'));
    await waitFor(() =>
      expect(page).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, category: 'city', name: '参观', sort: 'startTime', order: 'desc' }),
    );
  });

  it('opens the tab the URL names', async () => {
    const page = vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 10 });
    renderActivityScreen('/activity?tab=city');
    await waitFor(() => expect(page).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, category: 'city' }));
    expect(screen.getByTestId('activity-tab-city')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows every field, the waiting place, the reason sign-up is closed, and cancels after confirmation', async () => {
    vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    vi.spyOn(activityApi, 'unitActivity').mockResolvedValue(
      detail({
        signUpState: 'notOpen',
        document: { ...activity().document, signUpStart: '2027-06-10T00:00:00.000Z' },
        mySignUps: [signUpItem(), signUpItem({ id: 's2', guestId: 'g2', personName: '李四', status: 'waiting', waitingPosition: 2 })],
      }),
    );
    const cancel = vi.spyOn(activityApi, 'cancel').mockResolvedValue(null);
    renderActivityScreen();
    fireEvent.click(await screen.findByTestId('activity-open'));
    const dialog = await screen.findByTestId('activity-detail');
    expect(await within(dialog).findByText('https://live.example.com/1')).toBeInTheDocument();
    expect(within(dialog).getByText('国际会议中心')).toBeInTheDocument();
    expect(screen.getByTestId('activity-reason')).toHaveTextContent('报名尚未开始');
    expect(screen.getByTestId('sign-up-open')).toBeDisabled();
    const mine = screen.getAllByTestId('my-sign-up');
    expect(mine.map((row) => within(row).getByTestId(/^sign-up-status-/).textContent)).toEqual(['已报名', '候补第 2 位']);

    fireEvent.click(within(mine[0]!).getByTestId('sign-up-cancel'));
    await waitFor(() => expect(getFeedback().confirm?.message).toContain('张三'));
    // "cancel the sign-up?" is answered with 返回, not a second 取消
    expect(getFeedback().confirm?.cancelLabel).toBe('返回');
    answerConfirm(false);
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(within(mine[0]!).getByTestId('sign-up-cancel'));
    await waitFor(() => expect(getFeedback().confirm).not.toBeNull());
    answerConfirm(true);
    await waitFor(() => expect(cancel).toHaveBeenCalledWith('s1'));
  });

  // issue 19: the list and the unit's sign-ups are declared lists; a phone gets cards, the page no sideways scroll
  it('shows the activities and the sign-ups as cards under 600 px', async () => {
    phoneWidth();
    vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    vi.spyOn(activityApi, 'unitActivity').mockResolvedValue(detail({ mySignUps: [signUpItem()] }));
    renderActivityScreen();
    const [card] = await screen.findAllByTestId('activity-row');
    expect(card!.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card!).getByRole('heading', { level: 3 })).toHaveTextContent('开幕式');
    expect(within(card!).getByText('国际会议中心')).toBeInTheDocument();
    fireEvent.click(within(card!).getByTestId('activity-open'));
    const [mine] = await screen.findAllByTestId('my-sign-up');
    expect(mine!.tagName).toBe('LI');
    expect(within(mine!).getByTestId('materials-count')).toHaveTextContent('0 个文件');
  });

  it("gates the sign-ups' actions by the activity: materials only for a speaker activity, nothing after the deadline", async () => {
    vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    const unitActivity = vi.spyOn(activityApi, 'unitActivity').mockResolvedValue(detail({ mySignUps: [signUpItem()] }));
    renderActivityScreen();
    fireEvent.click(await screen.findByTestId('activity-open'));
    const [open] = await screen.findAllByTestId('my-sign-up');
    expect(within(open!).getByTestId('materials-open')).toBeEnabled();
    expect(within(open!).getByTestId('sign-up-cancel')).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('activity-detail')).toBeNull());

    unitActivity.mockResolvedValue(
      detail({ signUpState: 'deadlinePassed', document: { ...activity().document, speaker: false }, mySignUps: [signUpItem()] }),
    );
    fireEvent.click(await screen.findByTestId('activity-open'));
    const [shut] = await screen.findAllByTestId('my-sign-up');
    expect(within(shut!).queryByTestId('materials-open')).toBeNull();
    expect(within(shut!).getByTestId('sign-up-cancel')).toBeDisabled();
  });

  it('shows the server reason when a sign-up is refused', async () => {
    vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    vi.spyOn(activityApi, 'unitActivity').mockResolvedValue(detail());
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({
      records: [guestSummary({ id: 'g9', status: 'pending' })],
      total: 1,
      pageNum: 1,
      pageSize: 100,
    });
    const signUp = vi.spyOn(activityApi, 'signUp').mockRejectedValue(
      new ApiError('status', 400, '嘉宾需先审核通过', {
        code: 400,
        msg: '嘉宾需先审核通过',
        data: null,
        key: 'server.guests.notApproved',
      }),
    );
    renderActivityScreen();
    fireEvent.click(await screen.findByTestId('activity-open'));
    await openSignUp();
    fireEvent.click(await screen.findByTestId('sign-up-submit'));
    await waitFor(() => expect(signUp).toHaveBeenCalled());
    expect(signUp.mock.calls[0]![0]).toMatchObject({ activityId: 'a1', guestId: 'g9' });
    expect(await screen.findByTestId('sign-up-reason')).toHaveTextContent('嘉宾需先审核通过');
  });

  // issue 19 item 12: the refusal belongs to the guest it was about
  it('drops the refusal once another guest is picked', async () => {
    vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    vi.spyOn(activityApi, 'unitActivity').mockResolvedValue(detail());
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({
      records: [
        guestSummary({ id: 'g9', nameZh: '待审嘉宾', status: 'pending' }),
        guestSummary({ id: 'g10', nameZh: '已通过嘉宾', status: 'approved' }),
      ],
      total: 2,
      pageNum: 1,
      pageSize: 100,
    });
    vi.spyOn(activityApi, 'signUp').mockRejectedValue(
      new ApiError('status', 400, '嘉宾需先审核通过', { code: 400, msg: '嘉宾需先审核通过', data: null, key: 'server.guests.notApproved' }),
    );
    renderActivityScreen();
    fireEvent.click(await screen.findByTestId('activity-open'));
    await openSignUp();
    fireEvent.mouseDown(within(await screen.findByTestId('sign-up-guest')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /待审嘉宾/ }));
    fireEvent.click(await screen.findByTestId('sign-up-submit'));
    expect(await screen.findByTestId('sign-up-reason')).toHaveTextContent('嘉宾需先审核通过');
    fireEvent.mouseDown(within(screen.getByTestId('sign-up-guest')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /已通过嘉宾/ }));
    await waitFor(() => expect(screen.queryByTestId('sign-up-reason')).toBeNull());
  });
});

describe('sign-up dialog of a speaker activity', () => {
  // issue 19 item 12: materials are asked for once the person speaks, not refused on submit
  it('offers the speech materials only while 演讲嘉宾 is ticked', async () => {
    vi.spyOn(activityApi, 'unitPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 10 });
    vi.spyOn(activityApi, 'unitActivity').mockResolvedValue(detail());
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({
      records: [guestSummary({ id: 'g10', status: 'approved' })],
      total: 1,
      pageNum: 1,
      pageSize: 100,
    });
    const signUp = vi.spyOn(activityApi, 'signUp').mockResolvedValue(signUpItem());
    renderActivityScreen();
    fireEvent.click(await screen.findByTestId('activity-open'));
    await openSignUp();
    const speaker = await screen.findByRole('checkbox', { name: /演讲嘉宾/ });
    expect(screen.queryByTestId('upload-speechMaterials')).toBeNull();
    expect(screen.queryByText(/演讲材料/)).toBeNull();

    fireEvent.click(speaker);
    expect(await screen.findByTestId('upload-speechMaterials')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /演讲嘉宾/ }));
    await waitFor(() => expect(screen.queryByTestId('upload-speechMaterials')).toBeNull());

    fireEvent.click(screen.getByTestId('sign-up-submit'));
    await waitFor(() => expect(signUp).toHaveBeenCalled());
    expect(signUp.mock.calls[0]![0]).not.toHaveProperty('speechMaterials');
  });
});

describe('speech materials dialog', () => {
  // issue 19 item 11: the saved materials by their file names, never their ids
  it('names the saved materials when it is opened again', async () => {
    const ids = ['3d1f0b2a-5c4e-4f6a-8b7c-9d0e1f2a3b4c', '4e2a1c3b-6d5f-4a7b-9c8d-0e1f2a3b4c5d'];
    const names: Record<string, string> = { [ids[0]!]: '主旨演讲.zip', [ids[1]!]: 'slides.7z' };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const id = /qms\/file\/([^/]+)\/info$/.exec(String(input))?.[1] ?? '';
      return new Response(
        JSON.stringify({
          code: 200,
          msg: 'ok',
          data: { id, name: names[id], mime: 'application/zip', bytes: 10, width: null, height: null },
        }),
        { status: 200 },
      );
    });
    render(<SpeechMaterialsDialog item={signUpItem({ speaker: true, speechMaterials: ids })} onClose={() => {}} />);
    const field = await screen.findByTestId('upload-speechMaterials');
    expect(await within(field).findByText('已上传：主旨演讲.zip')).toBeInTheDocument();
    expect(await within(field).findByText('已上传：slides.7z')).toBeInTheDocument();
    for (const id of ids) expect(field.textContent).not.toContain(id);
  });
});

describe('organiser activity screen', () => {
  it('lists activities with their status and publishes a draft', { timeout: 20_000 }, async () => {
    const page = vi
      .spyOn(activityApi, 'adminPage')
      .mockResolvedValue({ records: [activity({ status: 'draft' })], total: 1, pageNum: 1, pageSize: 20 });
    const publish = vi.spyOn(activityApi, 'publish').mockResolvedValue({ ...activity(), signedUp: [], waiting: [], assignedGuests: [] });
    render(
      <MemoryRouter>
        <ActivityAdminScreen />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('admin-activity-row');
    expect(within(row).getByTestId('admin-activity-status')).toHaveTextContent('草稿');
    fireEvent.click(within(row).getByTestId('activity-publish'));
    await waitFor(() => expect(publish).toHaveBeenCalledWith('a1'));
    await waitFor(() => expect(page).toHaveBeenCalledTimes(2));
  });

  it('shows the roster and the waiting list in order', { timeout: 20_000 }, async () => {
    vi.spyOn(activityApi, 'adminPage').mockResolvedValue({ records: [activity()], total: 1, pageNum: 1, pageSize: 20 });
    vi.spyOn(activityApi, 'adminActivity').mockResolvedValue({
      ...activity({ signedUpCount: 1, waitingCount: 1, full: true }),
      signedUp: [{ ...signUpItem(), unitName: '示例跨国企业有限公司' }],
      waiting: [
        { ...signUpItem({ id: 's2', personName: '李四', status: 'waiting', waitingPosition: 1 }), unitName: '示例第二企业有限公司' },
      ],
      assignedGuests: [],
    });
    render(
      <MemoryRouter>
        <ActivityAdminScreen />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('activity-roster'));
    expect(await screen.findByTestId('roster-row')).toHaveTextContent('张三示例跨国企业有限公司');
    expect(screen.getByTestId('waiting-row')).toHaveTextContent('1李四示例第二企业有限公司');
  });
});
