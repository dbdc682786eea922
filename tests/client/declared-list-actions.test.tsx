/** Issue 19: a declared list's row and toolbar actions (conditions, gates with reasons, confirmation) and its cards under 600 px. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeclaredList } from '../../src/client/engine/DeclaredList';
import type { ListHost } from '../../src/client/engine/list-actions';
import { listCells, registerCellLoader, registerCells } from '../../src/client/engine/list-cells';
import { operations } from '../../src/client/engine/operations';
import type { ListDeclaration } from '../../src/client/engine/screen-types';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import { ApiError } from '../../src/client/api/api-error';
import { FileRefused } from '../../src/client/api/download-file';

type Row = Record<string, unknown>;
const load = vi.fn<(query: Record<string, unknown>) => Promise<unknown>>();
const revoke = vi.fn<(row: Row) => Promise<unknown>>();
const gate = vi.fn<() => Promise<unknown>>();
operations.testActionsPage = (query) => load(query);
operations.testRevoke = (row) => revoke(row);
operations.testAddGate = () => gate();

const rows: Row[] = [
  { id: 'n1', title: '草稿通知', releaseTime: '2027-06-01T04:00:00.000Z', read: false },
  { id: 'n2', title: '已读通知', releaseTime: '2027-06-01T04:00:00.000Z', read: true },
];

const declaration: ListDeclaration = {
  id: 'test-actions',
  kind: 'list',
  titleKey: 'routes.notice',
  load: 'testActionsPage',
  itemSchema: 'response-notice-page',
  testId: 'acts',
  columns: [
    { field: 'title', labelKey: 'schema.fields.noticeTitle', card: 'title' },
    { field: 'releaseTime', labelKey: 'schema.fields.releaseTime', format: 'date-time' },
    { field: 'read', labelKey: 'notices.status', format: 'boolean', trueKey: 'notices.read', falseKey: 'notices.unread', card: 'omit' },
  ],
  toolbarActions: [{ id: 'add', labelKey: 'guest.list.add', to: '/new', gateOperation: 'testAddGate', reasonShown: 'text' }],
  rowActions: [
    { id: 'open', labelKey: 'guest.actions.detail', to: '/notices/:id' },
    {
      id: 'revoke',
      labelKey: 'console.codes.revoke',
      operation: 'testRevoke',
      visibleWhen: [{ field: 'id', notIn: ['n9'] }],
      enabledWhen: [{ field: 'read', in: [false] }],
      disabledReasonKey: 'guest.gates.unknown',
      confirm: { titleKey: 'console.codes.revokeTitle', messageKey: 'console.codes.revokeConfirm', params: { code: 'title' } },
      doneKey: 'console.codes.revoked',
    },
    { id: 'more', labelKey: 'activity.admin.roster', event: 'roster' },
  ],
  emptyKey: 'notices.empty',
};

function renderList(host?: ListHost) {
  return render(
    <MemoryRouter initialEntries={['/list']}>
      <Routes>
        <Route path="/list" element={<DeclaredList declaration={declaration} host={host} />} />
        <Route path="/notices/:id" element={<p>notice page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** jsdom has no layout: the media query the list asks is answered here, `phone` or not. */
function screenWidth(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('declared list actions', () => {
  afterEach(() => {
    load.mockReset();
    revoke.mockReset();
    gate.mockReset();
    answerConfirm(false);
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('gates a row action by the row, with the declared reason, and runs it only after the confirmation', async () => {
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    gate.mockResolvedValue({ open: true });
    revoke.mockResolvedValue(null);
    renderList();
    const [draft, read] = await screen.findAllByTestId('acts-row');
    // the read row's button stays, disabled, described by the reason
    const shut = within(read!).getByTestId('acts-revoke');
    expect(shut).toBeDisabled();
    expect(document.getElementById(shut.getAttribute('aria-describedby') ?? '')).toHaveTextContent('暂时无法确认能否添加嘉宾');
    fireEvent.click(within(draft!).getByTestId('acts-revoke'));
    await waitFor(() => expect(getFeedback().confirm?.message).toContain('草稿通知'));
    answerConfirm(false);
    expect(revoke).not.toHaveBeenCalled();
    fireEvent.click(within(draft!).getByTestId('acts-revoke'));
    await waitFor(() => expect(getFeedback().confirm).not.toBeNull());
    answerConfirm(true);
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' })));
    // the list reloads after the operation
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it("keeps a toolbar link off, with the server's reason beside it, until its gate opens", async () => {
    load.mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 20 });
    gate.mockResolvedValue({ open: false, reasonKey: 'guest.gates.unknown' });
    renderList();
    expect(await screen.findByTestId('acts-add-reason')).toHaveTextContent('暂时无法确认能否添加嘉宾');
    expect(screen.getByTestId('acts-add')).toBeDisabled();
    expect(screen.getByTestId('acts-add')).not.toHaveAttribute('href');
  });

  it('hands an event action to the hosting screen with its row, and follows a link action', async () => {
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    gate.mockResolvedValue({ open: true });
    const onEvent = vi.fn();
    renderList({ onEvent });
    const [draft] = await screen.findAllByTestId('acts-row');
    fireEvent.click(within(draft!).getByTestId('acts-more'));
    expect(onEvent).toHaveBeenCalledWith('roster', expect.objectContaining({ id: 'n1' }));
    expect(within(draft!).getByTestId('acts-open')).toHaveAttribute('href', '/notices/n1');
  });

  it('shows one card per row under 600 px: the title, the other fields but the omitted, the actions as buttons', async () => {
    screenWidth(true);
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    gate.mockResolvedValue({ open: true });
    renderList();
    const cards = await screen.findAllByTestId('acts-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI']);
    expect(within(cards[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('草稿通知');
    expect(within(cards[0]!).getByText('发布时间')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('状态')).toBeNull();
    expect(within(cards[0]!).getByTestId('acts-revoke')).toBeEnabled();
  });

  it('shows a table from 600 px on', async () => {
    screenWidth(false);
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    gate.mockResolvedValue({ open: true });
    renderList();
    await screen.findAllByTestId('acts-row');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['标题', '发布时间', '状态', '操作']);
  });

  // issue 19: the lists a host already has the rows of (entourage, my sign-ups) gate their actions by the host's record
  it("gives every row the host's facts: the actions' conditions and operation read them, and the declared cancel label asks", async () => {
    const onChanged = vi.fn();
    revoke.mockResolvedValue(null);
    const withFacts: ListDeclaration = {
      id: 'test-facts',
      kind: 'list',
      titleKey: 'routes.notice',
      itemSchema: 'response-notice-page',
      testId: 'facts',
      hostFacts: ['editable', 'parentId'],
      columns: [{ field: 'title', labelKey: 'schema.fields.noticeTitle' }],
      rowActions: [
        {
          id: 'drop',
          labelKey: 'console.codes.revoke',
          operation: 'testRevoke',
          visibleWhen: [{ field: 'editable', in: [true] }],
          confirm: {
            titleKey: 'console.codes.revokeTitle',
            messageKey: 'console.codes.revokeConfirm',
            params: { code: 'title' },
            cancelLabelKey: 'activity.common.back',
          },
        },
      ],
      emptyKey: 'notices.empty',
    };
    const host = (editable: boolean): ListHost => ({ records: rows, facts: { editable, parentId: 'p1' }, onChanged });
    const { rerender } = render(
      <MemoryRouter>
        <DeclaredList declaration={withFacts} host={host(false)} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('facts-row')).toHaveLength(2);
    expect(screen.queryByTestId('facts-drop')).toBeNull();
    rerender(
      <MemoryRouter>
        <DeclaredList declaration={withFacts} host={host(true)} />
      </MemoryRouter>,
    );
    fireEvent.click(within(screen.getAllByTestId('facts-row')[0]!).getByTestId('facts-drop'));
    await waitFor(() => expect(getFeedback().confirm?.cancelLabel).toBe('返回'));
    answerConfirm(true);
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1', parentId: 'p1' })));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it("waits for the app's cells when the host gives the rows (no load would fetch them)", async () => {
    const late: ListDeclaration = {
      id: 'test-late-cells',
      kind: 'list',
      titleKey: 'routes.notice',
      itemSchema: 'response-notice-page',
      testId: 'late',
      columns: [{ labelKey: 'schema.fields.noticeTitle', format: 'cell', cell: 'testLateCell' }],
      emptyKey: 'notices.empty',
    };
    delete listCells.testLateCell;
    // the app's cells come in a chunk of their own: here one that registers the list's cell
    registerCellLoader(async () => registerCells({ testLateCell: (row) => `late ${String(row.title)}` }));
    render(
      <MemoryRouter>
        <DeclaredList declaration={late} host={{ records: rows }} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('late 草稿通知')).toBeInTheDocument();
    expect(screen.getAllByTestId('late-row')).toHaveLength(2);
  });

  it("shows a failed action's or download's message (the server's refusal, else the list's text), never swallows it", async () => {
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    const exported = vi.fn<(query: Row) => Promise<unknown>>();
    operations.testExport = (query) => exported(query as Row);
    const failing: ListDeclaration = {
      ...declaration,
      id: 'test-failing',
      testId: 'fail',
      rowActions: [],
      toolbarActions: [{ id: 'print', labelKey: 'guest.list.add', operation: 'testRevoke' }],
      download: { operation: 'testExport', labelKey: 'console.search.export' },
    };
    render(
      <MemoryRouter initialEntries={['/list']}>
        <DeclaredList declaration={failing} />
      </MemoryRouter>,
    );
    await screen.findAllByTestId('fail-row');
    const toasts = () => getFeedback().toasts.map((toast) => `${toast.severity}:${toast.message}`);
    const before = toasts().length;
    // a refused file (a print, an export): its message, as the server wrote it in the user's language
    revoke.mockRejectedValueOnce(new FileRefused('临时报名尚未审核通过', 400));
    fireEvent.click(screen.getByTestId('fail-print'));
    await waitFor(() => expect(toasts().slice(before)).toEqual(['error:临时报名尚未审核通过']));
    // the network dropped the file: the list's own text
    revoke.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByTestId('fail-print'));
    await waitFor(() => expect(toasts().slice(before)).toEqual(['error:临时报名尚未审核通过', 'error:下载失败，请重试']));
    // a refused call was shown by the API client already: no second toast
    revoke.mockRejectedValueOnce(new ApiError('status', 403, 'forbidden'));
    fireEvent.click(screen.getByTestId('fail-print'));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(3));
    expect(toasts().slice(before)).toHaveLength(2);
    // the list's download says the server's refusal beside the list
    exported.mockRejectedValueOnce(new FileRefused('导出失败：查询条件有误', 400));
    fireEvent.click(screen.getByTestId('fail-download'));
    expect(await screen.findByTestId('fail-download-failed')).toHaveTextContent('导出失败：查询条件有误');
    delete operations.testExport;
  });

  it('keeps the checked rows of a selectable list itself and hands their ids to a toolbar action that needs them', async () => {
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    revoke.mockResolvedValue(null);
    const onEvent = vi.fn();
    const selectable: ListDeclaration = {
      ...declaration,
      id: 'test-selectable',
      testId: 'sel',
      rowActions: [],
      selectable: { labelKey: 'guest.review.select', allLabelKey: 'guest.review.selectAll', nameField: 'title' },
      toolbarActions: [
        { id: 'send', labelKey: 'guest.list.add', operation: 'testRevoke', needsSelection: true, reasonShown: 'text' },
        { id: 'compose', labelKey: 'guest.list.add', event: 'compose', needsSelection: true },
      ],
    };
    render(
      <MemoryRouter initialEntries={['/list']}>
        <DeclaredList declaration={selectable} host={{ onEvent }} />
      </MemoryRouter>,
    );
    const [first, second] = await screen.findAllByTestId('sel-row');
    expect(screen.getByTestId('sel-send')).toBeDisabled();
    expect(screen.getByTestId('sel-send-reason')).toHaveTextContent('请先勾选一行或多行');
    fireEvent.click(within(second!).getByRole('checkbox'));
    fireEvent.click(within(first!).getByRole('checkbox'));
    expect(screen.getByTestId('sel-send')).toBeEnabled();
    fireEvent.click(screen.getByTestId('sel-compose'));
    expect(onEvent).toHaveBeenCalledWith('compose', expect.objectContaining({ selectedIds: ['n2', 'n1'] }));
    fireEvent.click(screen.getByTestId('sel-send'));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(expect.objectContaining({ selectedIds: ['n2', 'n1'] })));
    // the list reloads after the operation, and a new page starts with nothing checked
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('sel-send')).toBeDisabled());
  });

  it('keeps the checked rows when the same page loads again (its declaration came anew), and clears them on another page', async () => {
    load.mockResolvedValue({ records: rows, total: 2, pageNum: 1, pageSize: 20 });
    const selectable = (): ListDeclaration => ({
      ...declaration,
      id: 'test-selectable',
      testId: 'sel',
      rowActions: [],
      selectable: { labelKey: 'guest.review.select', allLabelKey: 'guest.review.selectAll', nameField: 'title' },
      toolbarActions: [{ id: 'compose', labelKey: 'guest.list.add', event: 'compose', needsSelection: true }],
    });
    const onEvent = vi.fn();
    const view = (list: ListDeclaration, filters?: Record<string, string>) => (
      <MemoryRouter initialEntries={['/list']}>
        <DeclaredList declaration={list} host={{ onEvent, filters }} />
      </MemoryRouter>
    );
    const { rerender } = render(view(selectable()));
    const [first] = await screen.findAllByTestId('sel-row');
    fireEvent.click(within(first!).getByRole('checkbox'));
    expect(screen.getByTestId('sel-compose')).toBeEnabled();
    rerender(view(selectable()));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(within(screen.getAllByTestId('sel-row')[0]!).getByRole('checkbox')).toBeChecked();
    expect(screen.getByTestId('sel-compose')).toBeEnabled();
    rerender(view(selectable(), { status: 'approved' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.getByTestId('sel-compose')).toBeDisabled());
  });
});
