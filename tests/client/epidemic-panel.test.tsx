import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { wishApi } from '../../src/client/api/wish-endpoints';
import DeclaredScreen from '../../src/client/engine/DeclaredScreen';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { registerNavigator } from '../../src/client/router/navigator';
import { EpidemicPreventionPanel } from '../../src/client/screens/guests/EpidemicPreventionPanel';
import GuestDetailScreen from '../../src/client/screens/guests/GuestDetailScreen';
import { guestDetail } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 5000 });

const navigated = vi.fn();
beforeEach(() => registerNavigator(navigated));
afterEach(() => {
  registerNavigator(null);
  navigated.mockReset();
  vi.restoreAllMocks();
});

function inRouter(children: ReactNode) {
  return render(<MemoryRouter>{children}</MemoryRouter>);
}

/** The declared epidemic form on its own route, as the app routes it (ui-schemas/screens/guest-epidemic.json). */
function renderEpidemicForm(guestId: string) {
  const declaration = findDeclaration('guest-epidemic');
  return render(
    <MemoryRouter initialEntries={[`/guests/${guestId}/epidemic`]}>
      <Routes>
        <Route path={declaration?.route} element={<DeclaredScreen id="guest-epidemic" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const approvalFirst = { canEditEpidemicInfo: { reasonKey: 'guest.gates.epidemicNeedsApproval' } };

describe('epidemic-prevention panel', () => {
  it('is shut until the guest is approved, saying why and the review status', () => {
    const { rerender } = inRouter(<EpidemicPreventionPanel guest={guestDetail({ status: 'pending' }, {}, approvalFirst)} />);
    const gated = screen.getByTestId('epidemic-gated');
    expect(gated).toHaveTextContent('嘉宾审核通过后才能填写防疫信息');
    expect(gated).toHaveTextContent('当前审核状态：待审核');
    expect(screen.queryByTestId('epidemic-edit')).toBeNull();

    rerender(
      <MemoryRouter>
        <EpidemicPreventionPanel guest={guestDetail({ status: 'rejected', rejectReason: '证件照片不清晰' }, {}, approvalFirst)} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('epidemic-gated')).toHaveTextContent('当前审核状态：审核未通过');
    expect(screen.getByTestId('epidemic-gated')).toHaveTextContent('原因：证件照片不清晰');
  });

  it('says the reason the server gave, not one the client derives', () => {
    inRouter(
      <EpidemicPreventionPanel
        guest={guestDetail({ status: 'pending' }, {}, { canEditEpidemicInfo: { reasonKey: 'guest.gates.signUpClosed' } })}
      />,
    );
    expect(screen.getByTestId('epidemic-gated')).toHaveTextContent('报名已结束');
    expect(screen.getByTestId('epidemic-gated')).not.toHaveTextContent('嘉宾审核通过后才能填写防疫信息');
  });

  it("shows the saved information of an approved guest and links to the guest's epidemic form", async () => {
    const epidemic = { healthy: true, testResult: 'negative', remarks: '无' };
    inRouter(<EpidemicPreventionPanel guest={guestDetail({ status: 'approved', epidemic }, { canEditEpidemicInfo: true })} />);
    await waitFor(() => expect(screen.getByTestId('epidemic-view')).toHaveTextContent('阴性'));
    expect(screen.getByTestId('epidemic-edit')).toHaveAttribute('href', '/guests/g1/epidemic');
  });

  it('is a section of the guest detail', async () => {
    vi.spyOn(guestApi, 'guest').mockResolvedValue(guestDetail({ status: 'pending' }, {}, approvalFirst));
    render(
      <MemoryRouter initialEntries={['/guests/g1']}>
        <Routes>
          <Route path="/guests/:id" element={<GuestDetailScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    const section = await screen.findByTestId('detail-epidemic');
    expect(section).toHaveTextContent('防疫信息');
    expect(section).toHaveTextContent('嘉宾审核通过后才能填写防疫信息');
  });
});

describe('epidemic-prevention form (declared on /guests/:id/epidemic)', () => {
  it('loads and saves the guest named by the route, then goes back to that guest', async () => {
    const epidemic = { healthy: true, testResult: 'negative', remarks: '无' };
    const load = vi
      .spyOn(guestApi, 'guest')
      .mockResolvedValue(guestDetail({ id: 'g7', status: 'approved', epidemic }, { canEditEpidemicInfo: true }));
    const save = vi.spyOn(wishApi, 'saveEpidemic').mockResolvedValue(null);
    renderEpidemicForm('g7');
    const remarks = await screen.findByDisplayValue('无', {}, { timeout: 15_000 });
    expect(load).toHaveBeenCalledWith('g7');
    fireEvent.change(remarks, { target: { value: '已完成体检' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(save).toHaveBeenCalledWith('g7', { ...epidemic, remarks: '已完成体检' }));
    await waitFor(() => expect(navigated).toHaveBeenCalledWith('/guests/g7', undefined));
  });

  it("opened by its URL while the gate is shut, shows the server's reason instead of a form", async () => {
    vi.spyOn(guestApi, 'guest').mockResolvedValue(guestDetail({ id: 'g7', status: 'pending', epidemic: null }, {}, approvalFirst));
    const save = vi.spyOn(wishApi, 'saveEpidemic').mockResolvedValue(null);
    renderEpidemicForm('g7');
    expect(await screen.findByTestId('form-gate-shut', {}, { timeout: 15_000 })).toHaveTextContent('嘉宾审核通过后才能填写防疫信息');
    expect(screen.queryByTestId('submit')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses to send a form missing the required answers', async () => {
    vi.spyOn(guestApi, 'guest').mockResolvedValue(
      guestDetail({ id: 'g7', status: 'approved', epidemic: null }, { canEditEpidemicInfo: true }),
    );
    const save = vi.spyOn(wishApi, 'saveEpidemic').mockResolvedValue(null);
    const { container } = renderEpidemicForm('g7');
    fireEvent.click(await screen.findByTestId('submit', {}, { timeout: 15_000 }));
    await waitFor(() => expect(container.querySelector('#root_testResult__error')?.textContent).toBe('此项为必填项'));
    expect(save).not.toHaveBeenCalled();
  });
});
