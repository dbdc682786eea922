/**
 * Issue 19 item 17: an organiser decides on a guest from the guest's full record (as from the
 * review queue): approve after a confirmation, or reject with a reason; the record reloads.
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import GuestRecordScreen from '../../src/client/screens/guests/GuestRecordScreen';
import { guestDetail } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.restoreAllMocks();
  answerConfirm(false);
});

function renderRecord() {
  return render(
    <MemoryRouter initialEntries={['/admin/guests/g1']}>
      <Routes>
        <Route path="/admin/guests/:id" element={<GuestRecordScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a guest's full record", () => {
  it('approves the guest after a confirmation that names the guest, then shows the new status', async () => {
    const load = vi
      .spyOn(guestApi, 'adminGuest')
      .mockResolvedValueOnce(guestDetail({ id: 'g1', nameZh: '张三', status: 'pending' }))
      .mockResolvedValue(guestDetail({ id: 'g1', nameZh: '张三', status: 'approved' }));
    const decide = vi.spyOn(guestApi, 'reviewDecide').mockResolvedValue([]);
    renderRecord();
    const section = await screen.findByTestId('record-decision');
    expect(within(section).getByRole('heading', { name: '审核决定' })).toBeInTheDocument();
    fireEvent.click(await within(section).findByRole('radio', { name: '通过' }));
    fireEvent.click(within(section).getByTestId('record-decision-submit'));
    await waitFor(() => expect(getFeedback().confirm?.message).toContain('张三'));
    expect(decide).not.toHaveBeenCalled();
    answerConfirm(true);
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ ids: ['g1'], decision: 'approve' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('asks for the reason of a rejection, and sends nothing when the confirmation is declined', async () => {
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(guestDetail({ id: 'g1', nameZh: '张三', status: 'pending' }));
    const decide = vi.spyOn(guestApi, 'reviewDecide').mockResolvedValue([]);
    renderRecord();
    const section = await screen.findByTestId('record-decision');
    fireEvent.click(await within(section).findByRole('radio', { name: '不通过' }));
    fireEvent.click(within(section).getByTestId('record-decision-submit'));
    expect(await within(section).findByText(/请填写|必填/)).toBeInTheDocument();
    expect(getFeedback().confirm).toBeNull();
    // issue 19 item 13: the reason's own message only, no form-level "invalid value" beside it
    expect(section.textContent).not.toContain('内容不正确');

    fireEvent.change(within(section).getByRole('textbox', { name: /不通过原因/ }), { target: { value: '证件照片不清晰' } });
    fireEvent.click(within(section).getByTestId('record-decision-submit'));
    await waitFor(() => expect(getFeedback().confirm?.message).toContain('证件照片不清晰'));
    answerConfirm(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(decide).not.toHaveBeenCalled();

    fireEvent.click(within(section).getByTestId('record-decision-submit'));
    await waitFor(() => expect(getFeedback().confirm).not.toBeNull());
    answerConfirm(true);
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ ids: ['g1'], decision: 'reject', reason: '证件照片不清晰' }));
  });
});
