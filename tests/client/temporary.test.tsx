import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import { temporaryApi } from '../../src/client/api/temporary-endpoints';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import { operations } from '../../src/client/engine/operations';
import type { FormDeclaration } from '../../src/client/engine/screen-types';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import { registerNavigator } from '../../src/client/router/navigator';
import { staticRoutes } from '../../src/client/router/static-routes';
import TemporaryRecommendClosedScreen from '../../src/client/screens/temporary/TemporaryRecommendClosedScreen';
import TemporaryReviewScreen from '../../src/client/screens/temporary/TemporaryReviewScreen';
import type { TemporaryItem } from '../../src/shared/temporary-api';

configure({ asyncUtilTimeout: 5000 });

const navigated = vi.fn();
beforeEach(() => {
  registerNavigator(navigated);
  // the upload widget fetches a preview of a stored picture: answer "not found" (no preview)
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 404 }));
});
afterEach(() => {
  vi.restoreAllMocks();
  navigated.mockReset();
  registerNavigator(null);
});

function declared(id: string): FormDeclaration {
  const declaration = findDeclaration(id);
  if (!declaration || declaration.kind !== 'form') throw new Error(`no form declaration ${id}`);
  return declaration;
}

function renderDeclared(id: string) {
  return render(
    <MemoryRouter>
      <DeclaredForm declaration={declared(id)} />
    </MemoryRouter>,
  );
}

const errorOf = (container: HTMLElement, field: string) => container.querySelector(`#root_${field}__error`)?.textContent ?? '';

describe('temporary registration pages', { timeout: 30_000 }, () => {
  it('are declared screens on the SPEC routes, no longer "coming soon"', () => {
    expect(declared('temporary-worker').route).toBe('/tempGroupWorkerRegister');
    expect(declared('temporary-volunteer').route).toBe('/tempGroupVolunteerRegister');
    expect(declared('temporary-media').route).toBe('/tempGroupMediaRegister');
    expect(declared('temporary-recommend-invite').route).toBe('/tempActRecommendInvite');
    const closed = staticRoutes.find((route) => route.path === '/tempActRecommendInviteClose');
    expect(closed?.screen).toBe('TemporaryRecommendClosed');
    expect(staticRoutes.filter((route) => route.path.startsWith('/temp') && route.screen === 'coming-soon')).toEqual([]);
  });

  it('shows the SPEC 5 fields of the worker page (no media name, type fixed) and the required messages', async () => {
    const register = vi.spyOn(temporaryApi, 'register');
    const { container } = renderDeclared('temporary-worker');
    expect(await screen.findByLabelText(/邀请码/)).toBeInTheDocument();
    for (const label of [/^姓名/, /手机号码/, /省份/, /城市/, /邮箱/, /现居住地/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(await screen.findByTestId('upload-pictureJpg')).toBeInTheDocument();
    expect(screen.queryByLabelText(/媒体名称/)).toBeNull();
    expect(screen.queryByLabelText(/注册类型/)).toBeNull();
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(errorOf(container, 'inviteCode')).not.toBe(''));
    expect(errorOf(container, 'province')).toBe('此项为必填项');
    expect(register).not.toHaveBeenCalled();
  });

  it('asks the media page for the media outlet', async () => {
    const { container } = renderDeclared('temporary-media');
    expect(await screen.findByLabelText(/媒体名称/)).toBeInTheDocument();
    // issue 19 item 13: an empty outlet has its own message, and no form-level "invalid value" beside it
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(errorOf(container, 'mediaName')).not.toBe(''));
    expect(container.textContent).not.toContain('内容不正确');
  });

  it('checks the capitalised English name in the browser', async () => {
    const { container } = renderDeclared('temporary-volunteer');
    const name = await screen.findByLabelText(/^姓名/);
    fireEvent.change(name, { target: { value: 'li lei' } });
    fireEvent.blur(name);
    await waitFor(() => expect(errorOf(container, 'name')).not.toBe(''));
  });

  it('sends a complete registration with the page type, then goes on; server field errors land on the field', async () => {
    // the picture as the open upload would have left it (the upload itself is covered by e2e)
    vi.spyOn(operations, 'temporaryWorker').mockResolvedValue({ registrationType: 'worker', picture: 'pic-1' });
    const register = vi.spyOn(temporaryApi, 'register').mockRejectedValueOnce(
      new ApiError('status', 400, 'bad', {
        code: 400,
        msg: 'bad',
        data: null,
        fieldErrors: [{ pointer: '/mobile', key: 'validation.mobile', message: '服务器：手机号码不正确' }],
      }),
    );
    const { container } = renderDeclared('temporary-worker');
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText(/邀请码/);
    fill(/邀请码/, 'TEMP2025');
    fill(/^姓名/, 'Li Lei');
    fill(/手机号码/, '13712345678');
    fill(/省份/, '山东省');
    fill(/城市/, '青岛市');
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(errorOf(container, 'mobile')).toContain('服务器：手机号码不正确'));
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ registrationType: 'worker', inviteCode: 'TEMP2025', name: 'Li Lei', picture: 'pic-1', province: '山东省' }),
    );

    register.mockResolvedValueOnce({ id: 'r1', status: 'pending', eventName: 'Opening', attendanceMode: 'onsite' });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(navigated).toHaveBeenCalledWith('/guide', undefined));
  });

  it("shows a refused code (10002) on the code field, where the server's answer names it", async () => {
    vi.spyOn(operations, 'temporaryWorker').mockResolvedValue({ registrationType: 'worker', picture: 'pic-1' });
    vi.spyOn(temporaryApi, 'register').mockRejectedValueOnce(
      new ApiError('status', 400, '邀请码不存在', {
        code: 10002,
        msg: '邀请码不存在',
        data: null,
        key: 'server.invitation.notExist',
        fieldErrors: [{ pointer: '/inviteCode', key: 'server.invitation.notExist', message: '邀请码不存在' }],
      }),
    );
    const { container } = renderDeclared('temporary-worker');
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText(/邀请码/);
    fill(/邀请码/, 'NOPE2025');
    fill(/^姓名/, 'Li Lei');
    fill(/手机号码/, '13712345678');
    fill(/省份/, '山东省');
    fill(/城市/, '青岛市');
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(errorOf(container, 'inviteCode')).toContain('邀请码不存在'));
  });

  it('sends visitors of a closed recommendation page to the closed page', async () => {
    vi.spyOn(temporaryApi, 'recommendStatus').mockResolvedValue({ open: false });
    renderDeclared('temporary-recommend-invite');
    await waitFor(() => expect(navigated).toHaveBeenCalledWith('/tempActRecommendInviteClose', { replace: true }));
  });

  it('shows the recommendation form while open', async () => {
    vi.spyOn(temporaryApi, 'recommendStatus').mockResolvedValue({ open: true });
    renderDeclared('temporary-recommend-invite');
    expect(await screen.findByLabelText(/推荐理由/)).toBeInTheDocument();
    expect(navigated).not.toHaveBeenCalled();
  });

  it('says the recommendation is closed', () => {
    render(
      <MemoryRouter>
        <TemporaryRecommendClosedScreen />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('recommend-closed')).toHaveTextContent('本届活动推荐邀请已结束');
    // issue 19 item 17: the layout's h1 carries the title; the screen does not repeat it
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

function item(change: Partial<TemporaryItem>): TemporaryItem {
  return {
    id: 't1',
    registrationType: 'worker',
    name: 'Li Lei',
    mobile: '13712345678',
    province: '山东省',
    city: '青岛市',
    email: null,
    landline: null,
    residence: null,
    mediaName: null,
    inviteCode: 'TEMP2025',
    eventName: '开幕式',
    attendanceMode: 'onsite',
    pictureId: 'p1',
    status: 'pending',
    rejectReason: null,
    createdAt: '2026-11-23T02:00:00.000Z',
    ...change,
  };
}

// two forms (decision and code) load their schemas and validators as chunks: slow on a busy machine
describe('temporary registration review (organisers)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(temporaryApi, 'codes').mockResolvedValue([]);
    vi.spyOn(temporaryApi, 'recommendations').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 10 });
  });

  it('lists the registrations and approves the selected ones', async () => {
    const page = vi.spyOn(temporaryApi, 'page').mockResolvedValue({
      records: [item({}), item({ id: 't2', name: 'Anna Berg', registrationType: 'media', mediaName: 'Nordic Times' })],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    const decide = vi.spyOn(temporaryApi, 'decide').mockResolvedValue([]);
    render(
      <MemoryRouter>
        <TemporaryReviewScreen />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('temporary-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Anna Berg (Nordic Times)');
    expect(rows[0]).toHaveTextContent('开幕式 · 现场参会');
    expect(page).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending', pageNum: 1 }));

    fireEvent.click(within(rows[1]!).getByRole('checkbox'));
    fireEvent.click(await screen.findByTestId('temporary-submit'));
    await waitFor(() => expect(decide).toHaveBeenCalledWith(expect.objectContaining({ ids: ['t2'], decision: 'approve' })));
  });

  it('prints the badges of the selected registrations as one PDF, and shows the refusal of a registration not approved', async () => {
    vi.spyOn(temporaryApi, 'page').mockResolvedValue({
      records: [
        item({ status: 'approved' }),
        item({ id: 't2', name: 'Anna Berg', status: 'approved' }),
        item({ id: 't3', name: 'Wu Pending' }),
      ],
      total: 3,
      pageNum: 1,
      pageSize: 20,
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      asked.push(`${url.pathname}${url.search}`);
      if (url.searchParams.get('ids')?.includes('t3'))
        return new Response(JSON.stringify({ code: 409, msg: '仅审核通过的临时报名可打印胸卡', data: null }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="temporary-badges.pdf"' },
      });
    });
    render(
      <MemoryRouter>
        <TemporaryReviewScreen />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('temporary-row');
    const button = await screen.findByTestId('temporary-badges');
    expect(button).toHaveTextContent('打印胸卡');
    // nothing checked: nothing to print
    expect(button).toBeDisabled();
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows[1]!).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('temporary-badges')).toBeEnabled());
    fireEvent.click(screen.getByTestId('temporary-badges'));
    await waitFor(() => expect(saved).toEqual(['temporary-badges.pdf']));
    expect(asked).toEqual(['/exhibition/admin/console/door/badge/temporary?ids=t1%2Ct2']);

    fireEvent.click(within(rows[2]!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('temporary-badges'));
    await waitFor(() => expect(getFeedback().toasts.map((toast) => toast.message)).toContain('仅审核通过的临时报名可打印胸卡'));
    expect(asked).toHaveLength(2);
    expect(saved).toHaveLength(1);
  });

  it('shows a masked mobile in full only on Show (the audited reveal)', async () => {
    vi.spyOn(temporaryApi, 'page').mockResolvedValue({ records: [item({ mobile: '137****5678' })], total: 1, pageNum: 1, pageSize: 20 });
    const reveal = vi.spyOn(temporaryApi, 'revealMobile').mockResolvedValue({ value: '13712345678' });
    render(
      <MemoryRouter>
        <TemporaryReviewScreen />
      </MemoryRouter>,
    );
    const [row] = await screen.findAllByTestId('temporary-row');
    const cell = within(row!).getByTestId('temporary-mobile');
    expect(cell).toHaveTextContent('137****5678');
    expect(reveal).not.toHaveBeenCalled();
    fireEvent.click(within(cell).getByTestId('reveal-button'));
    await waitFor(() => expect(cell).toHaveTextContent('13712345678'));
    expect(reveal).toHaveBeenCalledWith('t1');
    expect(within(cell).queryByTestId('reveal-button')).toBeNull();
  });

  it('searches by keyword', async () => {
    const page = vi.spyOn(temporaryApi, 'page').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 20 });
    render(
      <MemoryRouter>
        <TemporaryReviewScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByText('暂无临时注册')).toBeInTheDocument();
    fireEvent.change(within(screen.getByTestId('temporary-keyword')).getByRole('textbox'), { target: { value: ' Anna ' } });
    fireEvent.click(screen.getByTestId('temporary-search'));
    await waitFor(() => expect(page).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: 'Anna', status: 'pending' })));
  });

  // issue 19 item 17: the filter is in the URL and the status filter has "all"
  it('reads the filter from the URL, with every status for status=all, and writes a search back', async () => {
    const page = vi.spyOn(temporaryApi, 'page').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 20 });
    function LocationProbe() {
      return <span data-testid="location">{useLocation().search}</span>;
    }
    render(
      <MemoryRouter initialEntries={['/admin/temporary?status=all&keyword=Anna']}>
        <TemporaryReviewScreen />
        <LocationProbe />
      </MemoryRouter>,
    );
    await waitFor(() => expect(page).toHaveBeenLastCalledWith(expect.objectContaining({ status: undefined, keyword: 'Anna' })));
    expect(screen.getByTestId('temporary-status')).toHaveTextContent('全部状态');
    expect(within(screen.getByTestId('temporary-keyword')).getByRole('textbox')).toHaveValue('Anna');
    fireEvent.change(within(screen.getByTestId('temporary-keyword')).getByRole('textbox'), { target: { value: 'Berg' } });
    fireEvent.click(screen.getByTestId('temporary-search'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?status=all&keyword=Berg'));
    expect(page).toHaveBeenLastCalledWith(expect.objectContaining({ status: undefined, keyword: 'Berg' }));
  });

  it('sorts by the headers with the filter kept, keeps the order through a new search and exports that order', async () => {
    const page = vi.spyOn(temporaryApi, 'page').mockResolvedValue({ records: [item({})], total: 1, pageNum: 1, pageSize: 20 });
    function LocationProbe() {
      return <span data-testid="location">{useLocation().search}</span>;
    }
    render(
      <MemoryRouter initialEntries={['/admin/temporary?status=all&keyword=Anna']}>
        <TemporaryReviewScreen />
        <LocationProbe />
      </MemoryRouter>,
    );
    await screen.findByTestId('temporary-row');
    // the screen's own filter bar is the only one
    expect(screen.queryByTestId('list-filter-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('temporary-table-sort-name'));
    await waitFor(() =>
      expect(page).toHaveBeenLastCalledWith(expect.objectContaining({ status: undefined, keyword: 'Anna', sort: 'name', order: 'asc' })),
    );
    fireEvent.click(screen.getByTestId('temporary-table-sort-createdAt'));
    fireEvent.click(screen.getByTestId('temporary-table-sort-createdAt'));
    await waitFor(() => expect(page).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'createdAt', order: 'desc' })));
    fireEvent.change(within(screen.getByTestId('temporary-keyword')).getByRole('textbox'), { target: { value: 'Berg' } });
    fireEvent.click(screen.getByTestId('temporary-search'));
    await waitFor(() =>
      expect(page).toHaveBeenLastCalledWith(
        expect.objectContaining({ status: undefined, keyword: 'Berg', sort: 'createdAt', order: 'desc' }),
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('sort=createdAt');
  });

  it('lists the codes with their binding, creates one and discards an event after confirmation', async () => {
    vi.spyOn(temporaryApi, 'page').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 20 });
    vi.spyOn(temporaryApi, 'codes').mockResolvedValue([
      {
        code: 'TEMP2025',
        registrationType: null,
        eventName: '开幕式',
        attendanceMode: 'onsite',
        eventDiscarded: false,
        used: 3,
        createdAt: '2026-11-23T02:00:00.000Z',
      },
      {
        code: 'NOEVENT',
        registrationType: 'media',
        eventName: null,
        attendanceMode: null,
        eventDiscarded: false,
        used: 0,
        createdAt: '2026-11-23T02:00:00.000Z',
      },
    ]);
    const create = vi.spyOn(temporaryApi, 'createCode').mockResolvedValue(null);
    const discard = vi.spyOn(temporaryApi, 'discardCode').mockResolvedValue(null);
    render(
      <MemoryRouter>
        <TemporaryReviewScreen />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('temporary-code-row');
    expect(rows[0]).toHaveTextContent('TEMP2025开幕式现场参会全部类型3');
    expect(rows[1]).toHaveTextContent('NOEVENT未设置未设置媒体0');

    const panel = screen.getByTestId('temporary-codes');
    fireEvent.change(await within(panel).findByLabelText(/^邀请码/, { selector: 'input' }), { target: { value: 'VOL2025' } });
    fireEvent.change(within(panel).getByLabelText(/^绑定活动/, { selector: 'input' }), { target: { value: '城市跑' } });
    fireEvent.click(within(panel).getByTestId('temporary-code-create'));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ code: 'VOL2025', eventName: '城市跑' })));

    fireEvent.click(within(rows[0]!).getByTestId('temporary-code-discard'));
    await waitFor(() => expect(getFeedback().confirm?.message).toContain('TEMP2025'));
    answerConfirm(true);
    await waitFor(() => expect(discard).toHaveBeenCalledWith('TEMP2025'));
  });

  it('shows the recommendations received', async () => {
    vi.spyOn(temporaryApi, 'page').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 20 });
    vi.spyOn(temporaryApi, 'recommendations').mockResolvedValue({
      records: [
        {
          id: 'r1',
          createdAt: '2026-11-23T02:00:00.000Z',
          document: {
            recommenderName: '王芳',
            recommenderMobile: '138****5678',
            recommenderOrganisation: '青岛市商务局',
            inviteeName: 'John Smith',
            inviteeOrganisation: 'Example Corp',
            inviteePosition: 'CEO',
            activity: 'Opening forum',
            reason: 'Large project',
          },
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 10,
    });
    render(
      <MemoryRouter>
        <TemporaryReviewScreen />
      </MemoryRouter>,
    );
    const reveal = vi.spyOn(temporaryApi, 'revealRecommendationMobile').mockResolvedValue({ value: '13812345678' });
    const row = await screen.findByTestId('temporary-recommendation-row');
    expect(row).toHaveTextContent('王芳 · 青岛市商务局 · 138****5678');
    expect(row).toHaveTextContent('John Smith · Example Corp · CEO');
    expect(row).toHaveTextContent('Opening forum');
    // the masked recommender mobile in full only on Show (the audited reveal)
    const mobile = within(row).getByTestId('recommender-mobile');
    expect(reveal).not.toHaveBeenCalled();
    fireEvent.click(within(mobile).getByTestId('reveal-button'));
    await waitFor(() => expect(mobile).toHaveTextContent('13812345678'));
    expect(reveal).toHaveBeenCalledWith('r1', 'recommenderMobile');
    expect(within(mobile).queryByTestId('reveal-button')).toBeNull();
  });
});
