import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import type { FormDeclaration } from '../../src/client/engine/screen-types';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import { WizardRuntime } from '../../src/client/engine/wizard/WizardRuntime';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import GuestListScreen from '../../src/client/screens/guests/GuestListScreen';
import { findWizard, guestWizardBinding } from '../../src/client/screens/guests/guest-wizard-binding';
import { currentGuestDocument, currentVersion, editionAnswer, guestDetail, guestSummary } from './fixtures/guest-fixtures';

// forms load their schema, validator and lazy widgets as chunks: slow under a full parallel run
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.restoreAllMocks();
  answerConfirm(false);
});

const summary = guestSummary;

describe('guest list', () => {
  beforeEach(() => {
    vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(editionAnswer());
  });

  it('shows each status as To be approved / Approved / Not approved with the reason, and masked ID numbers', async () => {
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({
      records: [
        summary({ id: 'a', status: 'pending' }),
        summary({ id: 'b', status: 'approved', nameZh: '李四' }),
        summary({ id: 'c', status: 'rejected', nameZh: '王五', rejectReason: '资料不全' }),
      ],
      total: 3,
      pageNum: 1,
      pageSize: 10,
    });
    render(
      <MemoryRouter>
        <GuestListScreen />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('guest-row');
    expect(rows.map((row) => row.querySelector('[data-testid^=status-]')?.textContent)).toEqual(['待审核', '审核通过', '审核未通过']);
    expect(screen.getByTestId('reject-reason')).toHaveTextContent('原因：资料不全');
    expect(screen.getAllByTestId('masked-id')[0]).toHaveTextContent('370202********1234');
  });

  it('cancels attendance only after the confirmation', async () => {
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({ records: [summary({})], total: 1, pageNum: 1, pageSize: 10 });
    const cancel = vi.spyOn(guestApi, 'cancelAttendance').mockResolvedValue(null);
    render(
      <MemoryRouter>
        <GuestListScreen />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('action-cancel'));
    await waitFor(() => expect(getFeedback().confirm?.message).toBe('确定取消 张三 的参会吗？'));
    answerConfirm(false);
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('action-cancel'));
    await waitFor(() => expect(getFeedback().confirm).not.toBeNull());
    answerConfirm(true);
    await waitFor(() => expect(cancel).toHaveBeenCalledWith('g1'));
  });

  it('sorts by name and by status from the headers, with the name searched', async () => {
    const load = vi.spyOn(guestApi, 'guestPage').mockResolvedValue({ records: [summary({})], total: 1, pageNum: 1, pageSize: 10 });
    render(
      <MemoryRouter initialEntries={['/guests?name=张']}>
        <GuestListScreen />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('guest-table-sort-name'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, name: '张', sort: 'name', order: 'asc' }));
    fireEvent.click(screen.getByTestId('guest-table-sort-status'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, name: '张', sort: 'status', order: 'asc' }));
    fireEvent.click(screen.getByTestId('guest-table-sort-status'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, name: '张', sort: 'status', order: 'desc' }));
  });
});

describe('invitation code field', () => {
  const declaration: FormDeclaration = {
    id: 'test-guest',
    kind: 'form',
    titleKey: 'guest.steps.basic',
    schema: 'guest',
    submit: 'none',
    submitLabelKey: 'common.save',
    success: { action: 'stay' },
  };

  const catalogue: [number, string][] = [
    [10001, '邀请码为空'],
    [10002, '邀请码不存在'],
    [10003, '邀请码未关联企业'],
    [10004, '未找到企业'],
    [10005, '未配置普通嘉宾信息'],
    [10006, '未配置嘉宾转换信息'],
    [10007, '参数不能为空'],
  ];

  it.each(catalogue)('shows the translated message of business code %i under the field', async (code, message) => {
    vi.spyOn(guestApi, 'checkInviteCode').mockRejectedValue(
      new ApiError('status', code, 'server text', { code, msg: 'server text', data: null }),
    );
    render(
      <MemoryRouter>
        <DeclaredForm declaration={declaration} />
      </MemoryRouter>,
    );
    const input = await screen.findByLabelText('邀请码', {}, { timeout: 5000 });
    fireEvent.change(input, { target: { value: 'SOME-CODE' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByTestId('invite-code-result')).toHaveTextContent(message));
  });

  it("shows a code the save refused (10002) on the code field, where the server's answer names it", async () => {
    vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(editionAnswer());
    // the photo field fetches its preview: no server here
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 404 }));
    vi.spyOn(guestApi, 'guest').mockResolvedValue(
      guestDetail({ schemaVersion: currentVersion('guest'), document: currentGuestDocument({ inviteCode: 'NOPE2025' }) }),
    );
    const save = vi.spyOn(guestApi, 'saveGuest').mockRejectedValue(
      new ApiError('status', 400, '邀请码不存在', {
        code: 10002,
        msg: '邀请码不存在',
        data: null,
        key: 'server.invitation.notExist',
        fieldErrors: [{ pointer: '/inviteCode', key: 'server.invitation.notExist', message: '邀请码不存在' }],
      }),
    );
    const { container } = render(
      <MemoryRouter>
        <WizardRuntime
          declaration={findWizard('guest-registration')}
          recordId="g1"
          binding={guestWizardBinding}
          panels={{ entourage: EntourageManager }}
          initialStep="basic"
        />
      </MemoryRouter>,
    );
    await screen.findByLabelText('邀请码', {}, { timeout: 5000 });
    fireEvent.click(await screen.findByTestId('wizard-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('#root_inviteCode__error')?.textContent).toContain('邀请码不存在'));
  });

  it('says what a valid code grants', async () => {
    vi.spyOn(guestApi, 'checkInviteCode').mockResolvedValue({
      code: 'A',
      guestType: 'vip',
      reviewRequired: false,
      unitName: '示例跨国企业有限公司',
    });
    render(
      <MemoryRouter>
        <DeclaredForm declaration={declaration} />
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText('邀请码', {}, { timeout: 5000 }), { target: { value: 'A' } });
    fireEvent.click(screen.getByTestId('check-invite-code'));
    await waitFor(() =>
      expect(screen.getByTestId('invite-code-result')).toHaveTextContent('邀请码有效（示例跨国企业有限公司），提交后无需审核。'),
    );
  });
});
