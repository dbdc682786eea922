import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { wishApi } from '../../src/client/api/wish-endpoints';
import { EpidemicPreventionPanel } from '../../src/client/screens/guests/EpidemicPreventionPanel';
import GuestDetailScreen from '../../src/client/screens/guests/GuestDetailScreen';
import { guestDetail } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('epidemic-prevention panel', () => {
  it('is shut until the guest is approved, saying why and the review status', () => {
    const { rerender } = render(<EpidemicPreventionPanel guest={guestDetail({ status: 'pending' })} onSaved={() => {}} />);
    const gated = screen.getByTestId('epidemic-gated');
    expect(gated).toHaveTextContent('嘉宾审核通过后才能进行此操作');
    expect(gated).toHaveTextContent('当前审核状态：待审核');
    expect(screen.queryByTestId('epidemic-edit')).toBeNull();

    rerender(<EpidemicPreventionPanel guest={guestDetail({ status: 'rejected', rejectReason: '证件照片不清晰' })} onSaved={() => {}} />);
    expect(screen.getByTestId('epidemic-gated')).toHaveTextContent('当前审核状态：审核未通过');
    expect(screen.getByTestId('epidemic-gated')).toHaveTextContent('原因：证件照片不清晰');
  });

  it('shows the saved information of an approved guest and saves changes through the schema form', async () => {
    const save = vi.spyOn(wishApi, 'saveEpidemic').mockResolvedValue(null);
    const onSaved = vi.fn();
    const epidemic = { healthy: true, testResult: 'negative', remarks: '无' };
    render(<EpidemicPreventionPanel guest={guestDetail({ status: 'approved', epidemic }, { canEditEpidemicInfo: true })} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByTestId('epidemic-view')).toHaveTextContent('阴性'));
    fireEvent.click(screen.getByTestId('epidemic-edit'));
    const remarks = await screen.findByDisplayValue('无');
    fireEvent.change(remarks, { target: { value: '已完成体检' } });
    fireEvent.click(screen.getByTestId('epidemic-submit'));
    await waitFor(() => expect(save).toHaveBeenCalledWith('g1', { ...epidemic, remarks: '已完成体检' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  }, 15_000);

  it('refuses to send a form missing the required answers', async () => {
    const save = vi.spyOn(wishApi, 'saveEpidemic').mockResolvedValue(null);
    const { container } = render(<EpidemicPreventionPanel guest={guestDetail({ status: 'approved', epidemic: null }, { canEditEpidemicInfo: true })} onSaved={() => {}} />);
    expect(screen.getByTestId('epidemic-view')).toHaveTextContent('尚未填写');
    fireEvent.click(screen.getByTestId('epidemic-edit'));
    fireEvent.click(await screen.findByTestId('epidemic-submit'));
    await waitFor(() => expect(container.querySelector('#root_testResult__error')?.textContent).toBe('此项为必填项'));
    expect(save).not.toHaveBeenCalled();
  }, 15_000);

  it('is a section of the guest detail', async () => {
    vi.spyOn(guestApi, 'guest').mockResolvedValue(guestDetail({ status: 'pending' }));
    render(
      <MemoryRouter initialEntries={['/guests/g1']}>
        <Routes>
          <Route path="/guests/:id" element={<GuestDetailScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    const section = await screen.findByTestId('detail-epidemic');
    expect(section).toHaveTextContent('防疫信息');
    expect(section).toHaveTextContent('嘉宾审核通过后才能进行此操作');
  });
});
