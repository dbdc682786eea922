import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleGuestItem } from '../../src/shared/console-api';
import { ApiError } from '../../src/client/api/api-error';
import { consoleApi } from '../../src/client/api/console-endpoints';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { DeclaredList } from '../../src/client/engine/DeclaredList';
import { operations } from '../../src/client/engine/operations';
import type { ListDeclaration } from '../../src/client/engine/screen-types';

type Row = Record<string, unknown>;
const page = (records: Row[], total = records.length, pageSize = 10) => ({ records, total, pageNum: 1, pageSize });

const load = vi.fn<(query: Record<string, unknown>) => Promise<unknown>>();
operations.testListPage = (query) => load(query);
const loadOfUnit = vi.fn<(query: Record<string, unknown>, unitId: string | undefined) => Promise<unknown>>();
operations.testUnitListPage = (query, { unitId }) => loadOfUnit(query, unitId);

/** A list of notices as a declaration; `extra` changes parts of it. */
function declaration(extra: Partial<ListDeclaration> = {}): ListDeclaration {
  return {
    id: 'test-list',
    kind: 'list',
    titleKey: 'routes.notice',
    load: 'testListPage',
    itemSchema: 'response-notice-page',
    pageSize: 10,
    testId: 'test-list',
    columns: [
      { field: 'title', labelKey: 'schema.fields.noticeTitle' },
      { field: 'releaseTime', labelKey: 'schema.fields.releaseTime', format: 'date-time' },
      { field: 'read', labelKey: 'notices.status', format: 'boolean', trueKey: 'notices.read', falseKey: 'notices.unread' },
      { field: 'kind', labelKey: 'guest.audit.action', format: 'label', labelPrefixes: ['guest.audit.actions'] },
    ],
    rowLink: '/notices/:id',
    emptyKey: 'notices.empty',
    ...extra,
  };
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderList(list: ListDeclaration, at = '/list') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/list" element={<DeclaredList declaration={list} />} />
        <Route path="/notices/:id" element={<p>notice page</p>} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}

/** The shipped audit log declaration (a filter form of its query schema), loading from the spy. */
const auditLog = (): ListDeclaration => ({ ...(findDeclaration('audit-log') as ListDeclaration), load: 'testListPage' });

const notice = (id: string, extra: Row = {}): Row => ({
  id,
  title: `通知 ${id}`,
  content: '',
  releaseTime: '2027-06-01T04:00:00.000Z',
  read: false,
  ...extra,
});

describe('declared list (kind "list")', () => {
  afterEach(() => {
    load.mockReset();
    vi.restoreAllMocks();
  });

  it('shows the declared columns, each in its format, and opens a row by its link', async () => {
    load.mockResolvedValue(page([notice('n1', { read: true, kind: 'guest.approve' }), notice('n2', { kind: 'no.such-action' })]));
    renderList(declaration());
    const rows = await screen.findAllByTestId('test-list-row');
    const table = screen.getByTestId('test-list');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['标题', '发布时间', '状态', '操作']);
    expect(rows[0]).toHaveTextContent('通知 n1');
    expect(rows[0]).toHaveTextContent('2027-06-01 12:00:00');
    expect(within(rows[0]!).getByTestId('read-true')).toHaveTextContent('已读');
    expect(within(rows[1]!).getByTestId('read-false')).toHaveTextContent('未读');
    // a value with a text shows the text; one without shows as the server names it
    expect(rows[0]).toHaveTextContent('审核通过');
    expect(rows[1]).toHaveTextContent('no.such-action');
    expect(load).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });

    fireEvent.click(within(rows[1]!).getByText('未读'));
    expect(await screen.findByText('notice page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/notices/n2');
  });

  it('sends the filters of the query form with the load call and keeps them in the URL', async () => {
    load.mockResolvedValue(
      page([
        {
          id: 'a1',
          at: '2027-06-01T04:00:00.000Z',
          actorAccount: 'organiser@demo.example.com',
          action: 'guest.approve',
          actionLabel: '审核通过',
          targetType: 'guest',
          targetTypeLabel: '嘉宾',
          targetId: 'g1',
          targetLabel: '张三',
          reason: null,
          before: { status: 'pending' },
          after: { status: 'approved' },
          changes: [{ field: '审核状态', before: '待审核', after: '审核通过' }],
        },
      ]),
    );
    renderList(auditLog(), '/list?actor=old&pageNum=2&notAFilter=1');
    const row = await screen.findByTestId('audit-row');
    // only the query schema's own fields are read from the URL
    expect(load).toHaveBeenLastCalledWith({ actor: 'old', pageNum: 2, pageSize: 20 });
    expect(row).toHaveTextContent('审核通过');
    expect(row).toHaveTextContent('嘉宾: 张三');
    // the server labels the change in the reader's language; the cell shows it as it comes
    expect(row).toHaveTextContent('审核状态: 待审核 → 审核通过');

    const actor = await screen.findByLabelText(/操作人/);
    expect(actor).toHaveValue('old');
    fireEvent.change(actor, { target: { value: 'organiser' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^操作/ }));
    fireEvent.click(await screen.findByRole('option', { name: '审核通过' }));
    fireEvent.click(screen.getByTestId('list-filter-submit'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ actor: 'organiser', action: 'guest.approve', pageNum: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toMatch(/^\/list\?(?=.*actor=organiser)(?=.*action=guest\.approve)/);
    expect(screen.getByTestId('location').textContent).not.toMatch(/pageNum/);
  });

  it('drops from a hand-edited URL what the query schema refuses, instead of sending it', async () => {
    load.mockResolvedValue(page([]));
    renderList(auditLog(), '/list?actor=old&action=NOT%20VALID&pageNum=10000000&pageSize=1');
    await screen.findByTestId('audit-empty');
    // the refused action and the page beyond the schema's pattern are not sent; the valid actor is
    expect(load).toHaveBeenLastCalledWith({ actor: 'old', pageNum: 1, pageSize: 20 });
    expect(await screen.findByRole('combobox', { name: /^操作/ })).toHaveTextContent(/^\W*$/);
  });

  it("offers the audit log's action and target type as choice lists of their labels, never codes to type", async () => {
    load.mockResolvedValue(page([]));
    renderList(auditLog());
    await screen.findByTestId('audit-empty');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^操作/ }));
    fireEvent.click(await screen.findByRole('option', { name: '发布通知' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^对象类型/ }));
    expect(screen.queryByRole('option', { name: 'notice' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: '通知' }));
    fireEvent.click(screen.getByTestId('list-filter-submit'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ action: 'notice.publish', targetType: 'notice', pageNum: 1, pageSize: 20 }),
    );
    expect(document.querySelector('#root_action__error')?.textContent ?? '').toBe('');
  });

  it('refuses a filter its query schema refuses, with the translated message, and does not load', async () => {
    load.mockResolvedValue(page([]));
    renderList(auditLog());
    await screen.findByTestId('audit-empty');
    const calls = load.mock.calls.length;
    fireEvent.change(screen.getByLabelText(/^操作人/), { target: { value: 'a'.repeat(101) } });
    fireEvent.click(screen.getByTestId('list-filter-submit'));
    await waitFor(() => expect(document.querySelector('#root_actor__error')?.textContent).toMatch(/100/));
    expect(load.mock.calls.length).toBe(calls);
  });

  it('pages through the answer with the page switcher', async () => {
    load.mockResolvedValue(page([notice('n1')], 25));
    renderList(declaration());
    await screen.findByTestId('test-list-row');
    fireEvent.click(screen.getByRole('button', { name: /page 3|第 3 页|3/ }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ pageNum: 3, pageSize: 10 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/list?pageNum=3');
  });

  it('shows the empty-state text when the page has no rows', async () => {
    load.mockResolvedValue(page([]));
    renderList(declaration());
    expect(await screen.findByTestId('test-list-empty')).toHaveTextContent('暂无通知公告');
    expect(screen.queryByTestId('test-list')).toBeNull();
  });

  it('shows the translated failure when the load call fails', async () => {
    load.mockRejectedValue(new ApiError('status', 500, 'Internal Server Error'));
    renderList(declaration());
    expect(await screen.findByRole('alert')).toHaveTextContent('列表加载失败，请刷新页面重试');
    renderList(declaration({ errorKey: 'form.loadFailed' }));
    expect(await screen.findByText('表单加载失败，请刷新页面重试')).toBeInTheDocument();
  });

  it('gives its load operation the params of the route it is shown on', async () => {
    loadOfUnit.mockResolvedValue(page([notice('n1')]));
    render(
      <MemoryRouter initialEntries={['/units/u7/notices']}>
        <Routes>
          <Route path="/units/:unitId/notices" element={<DeclaredList declaration={declaration({ load: 'testUnitListPage' })} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('test-list-row')).toHaveTextContent('通知 n1');
    expect(loadOfUnit).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 }, 'u7');
  });

  it("is the organisers' guest search: total, name and status cells, filters of the query schema, a row opens the record", async () => {
    const guest = {
      id: 'g1',
      nameZh: '张三',
      nameEn: 'Zhang San',
      idNumberMasked: '3702**********0011',
      status: 'rejected',
      rejectReason: '照片不清晰',
      inviteCode: 'CODE-1',
      attendance: 'pending',
      entourageCount: 0,
      itineraryDone: true,
      updatedAt: '2027-06-01T04:00:00.000Z',
      unitId: 'u1',
      unitName: '示例跨国企业有限公司',
      guestType: null,
      arrivalDate: '2027-06-18',
    } as unknown as ConsoleGuestItem;
    const search = vi.spyOn(consoleApi, 'guestSearch').mockResolvedValue({ records: [guest], total: 21, pageNum: 1, pageSize: 20 });
    const list = findDeclaration('ConsoleGuestSearch') as ListDeclaration;
    render(
      <MemoryRouter initialEntries={['/admin/guests']}>
        <Routes>
          <Route path="/admin/guests" element={<DeclaredList declaration={list} />} />
          <Route path="/admin/guests/:id" element={<p>guest record</p>} />
        </Routes>
        <WhereAmI />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('search-row');
    expect(screen.getByTestId('search-total')).toHaveTextContent('共 21 位嘉宾');
    expect(row).toHaveTextContent('张三 / Zhang San');
    expect(row).toHaveTextContent('示例跨国企业有限公司');
    expect(within(row).getByTestId('status-rejected')).toBeInTheDocument();
    expect(within(row).getByTestId('reject-reason')).toHaveTextContent('照片不清晰');
    expect(row).toHaveTextContent('CODE-1');
    expect(row).toHaveTextContent('2027-06-18');
    expect(search).toHaveBeenLastCalledWith({ pageNum: '1', pageSize: '20' });

    // 单位 alone: 单位类型 is a filter of its own
    const unitName = await screen.findByLabelText(/^单位$/);
    fireEvent.change(unitName, { target: { value: '示例' } });
    fireEvent.click(screen.getByTestId('list-filter-submit'));
    await waitFor(() => expect(search).toHaveBeenLastCalledWith({ unitName: '示例', pageNum: '1', pageSize: '20' }));

    fireEvent.click(within(screen.getByTestId('search-row')).getByText('张三 / Zhang San'));
    expect(await screen.findByText('guest record')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/guests/g1');
  });
});

describe('a declared download above the list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs its operation with the filters of the URL, and says so when it fails', async () => {
    load.mockResolvedValue(
      page([{ id: 'n1', title: '通知一', releaseTime: '2027-06-01T04:00:00.000Z', read: false, kind: 'guest.approve' }]),
    );
    const download = vi
      .fn<(query: Record<string, unknown>) => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('403'));
    operations.testListDownload = (query) => download(query);
    renderList(declaration({ download: { operation: 'testListDownload', labelKey: 'content:common.exportExcel' } }), '/list?pageNum=1');
    const button = await screen.findByTestId('test-list-download');
    expect(button).toHaveTextContent('导出 Excel');
    fireEvent.click(button);
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    // the button is disabled while a download runs: the second click waits for the first to end
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('下载失败，请重试')).toBeNull();
    fireEvent.click(button);
    await screen.findByText('下载失败，请重试');
  });

  it('is declared on the organisers’ vehicle and unofficial-guest lists', () => {
    expect((findDeclaration('all-vehicles') as ListDeclaration).download).toMatchObject({ operation: 'exportAllVehicles' });
    expect((findDeclaration('all-unofficial-guests') as ListDeclaration).download).toMatchObject({
      operation: 'exportAllUnofficialGuests',
    });
  });
});

describe('a sortable declared list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sorts by a column header (going up, then down), keeps the filters, and hands the same query to the export', async () => {
    const guests: Row[] = [{ id: 'g1', nameZh: '张三', unitName: '甲公司', status: 'pending', inviteCode: null, arrivalDate: null }];
    load.mockResolvedValue(page(guests));
    const download = vi.fn<(query: Record<string, unknown>) => Promise<void>>().mockResolvedValue(undefined);
    operations.testSortedDownload = (query) => download(query);
    const search: ListDeclaration = {
      ...(findDeclaration('console-guest-search') as ListDeclaration),
      load: 'testListPage',
      download: { operation: 'testSortedDownload', labelKey: 'console.search.export' },
    };
    renderList(search, '/list?unitName=%E7%94%B2&pageNum=2');
    await screen.findByTestId('search-row');
    expect(load).toHaveBeenLastCalledWith({ unitName: '甲', pageNum: 2, pageSize: 20 });
    // the order fields are the headers', not the filter bar's
    expect(screen.queryByLabelText(/^排序/)).toBeNull();
    fireEvent.click(screen.getByTestId('search-sort-name'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ unitName: '甲', sort: 'name', order: 'asc', pageNum: 1, pageSize: 20 }));
    fireEvent.click(screen.getByTestId('search-sort-name'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ unitName: '甲', sort: 'name', order: 'desc', pageNum: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toMatch(/sort=name/);
    expect(screen.getByRole('columnheader', { name: /姓名/ })).toHaveAttribute('aria-sort', 'descending');
    // a filter submitted keeps the order
    fireEvent.click(screen.getByTestId('list-filter-submit'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ unitName: '甲', sort: 'name', order: 'desc', pageNum: 1, pageSize: 20 }));
    fireEvent.click(screen.getByTestId('search-download'));
    await waitFor(() => expect(download).toHaveBeenCalledWith({ unitName: '甲', sort: 'name', order: 'desc' }));
  });

  it('turns the order round on a second header press that comes before the list rendered the first', async () => {
    load.mockResolvedValue(
      page([{ id: 'g1', nameZh: '张三', unitName: '甲公司', status: 'pending', inviteCode: null, arrivalDate: null }]),
    );
    const search: ListDeclaration = { ...(findDeclaration('console-guest-search') as ListDeclaration), load: 'testListPage' };
    renderList(search, '/list?unitName=%E7%94%B2');
    await screen.findByTestId('search-row');
    const header = screen.getByTestId('search-sort-name');
    // both presses in one go: the second is handled by the render the first has not yet replaced
    act(() => {
      header.click();
      header.click();
    });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ unitName: '甲', sort: 'name', order: 'desc', pageNum: 1, pageSize: 20 }));
    expect(screen.getByTestId('location').textContent).toMatch(/order=desc/);
    expect(screen.getByRole('columnheader', { name: /姓名/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('has no filter bar when its query schema only pages and orders it, and sorts by its headers', async () => {
    load.mockResolvedValue(
      page([
        {
          id: 'm1',
          kind: 'manual',
          subjectZh: '通知',
          subjectEn: 'Notice',
          channels: ['email'],
          state: 'queued',
          recipients: 3,
          createdAt: '2027-06-01T04:00:00.000Z',
          pending: 0,
          sending: 0,
          sent: 3,
          failed: 0,
          unconfirmed: 0,
        },
      ]),
    );
    renderList({ ...(findDeclaration('messages-sent') as ListDeclaration), load: 'testListPage' });
    await screen.findByTestId('message-row');
    expect(screen.queryByTestId('list-filter-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('messages-sort-recipients'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ sort: 'recipients', order: 'asc', pageNum: 1, pageSize: 20 }));
  });
});

describe('a declared list whose rows come whole', () => {
  afterEach(() => {
    load.mockReset();
    vi.restoreAllMocks();
  });

  // signed up in this order (the roster's own order): 张 (zhang), 阿 (a), 李 (li) by pinyin; the dates not in the names' order
  const roster: Row[] = [
    { id: 's1', personName: '张三', unitName: '乙公司', speaker: false, waitingPosition: null, createdAt: '2027-06-01T09:00:00.000Z' },
    { id: 's2', personName: '阿明', unitName: '甲公司', speaker: true, waitingPosition: null, createdAt: '2027-05-20T09:00:00.000Z' },
    { id: 's3', personName: '李四', unitName: '丙公司', speaker: false, waitingPosition: null, createdAt: '2027-06-10T09:00:00.000Z' },
  ];
  const names = () => screen.getAllByTestId('roster-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent);

  function renderHosted(list: ListDeclaration, at: string) {
    return render(
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route
            path="/list"
            element={<DeclaredList declaration={list} host={{ embedded: true, records: roster, filters: { id: 'a1' } }} />}
          />
        </Routes>
        <WhereAmI />
      </MemoryRouter>,
    );
  }

  it('sorts the rows its host gives by a header (names by pinyin, dates as dates), under its own URL names, and exports in that order', async () => {
    const download = vi.fn<(query: Record<string, unknown>) => Promise<void>>().mockResolvedValue(undefined);
    operations.testWholeDownload = (query) => download(query);
    const list: ListDeclaration = {
      ...(findDeclaration('activity-roster') as ListDeclaration),
      download: { operation: 'testWholeDownload', labelKey: 'activity.admin.export' },
    };
    // the screen's other list is sorted by `sort`/`order`: this list neither reads nor changes them
    renderHosted(list, '/list?sort=name&order=desc');
    await screen.findAllByTestId('roster-row');
    expect(names()).toEqual(['张三', '阿明', '李四']);
    // the headers sort once the query schema is read (the rows come first, from the host)
    fireEvent.click(await screen.findByTestId('roster-sort-personName'));
    await waitFor(() => expect(names()).toEqual(['阿明', '李四', '张三']));
    fireEvent.click(screen.getByTestId('roster-sort-personName'));
    await waitFor(() => expect(names()).toEqual(['张三', '李四', '阿明']));
    const search = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({ sort: 'name', order: 'desc', rosterSort: 'personName', rosterOrder: 'desc' });
    fireEvent.click(screen.getByTestId('roster-download'));
    await waitFor(() => expect(download).toHaveBeenCalledWith({ id: 'a1', sort: 'personName', order: 'desc' }));
    fireEvent.click(screen.getByTestId('roster-sort-createdAt'));
    await waitFor(() => expect(names()).toEqual(['阿明', '张三', '李四']));
  });

  it('reads its order back from the URL (a reload) and sorts rows its load answers whole without asking the load again', async () => {
    load.mockResolvedValue(page(roster));
    const list: ListDeclaration = { ...(findDeclaration('activity-roster') as ListDeclaration), load: 'testListPage', whole: true };
    renderList(list, '/list?rosterSort=unitName');
    await waitFor(() => expect(screen.getAllByTestId('roster-row')).toHaveLength(3));
    // 甲 (jia), 乙 (yi), 丙 (bing): by pinyin 丙, 甲, 乙
    const units = () => screen.getAllByTestId('roster-row').map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(units()).toEqual(['丙公司', '甲公司', '乙公司']);
    fireEvent.click(screen.getByTestId('roster-sort-unitName'));
    await waitFor(() => expect(units()).toEqual(['乙公司', '甲公司', '丙公司']));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 20 });
  });
});
