/** The organisers' notice form (issue 19 item 15): an empty title or content is "required", not "too short". */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleApi } from '../../src/client/api/console-endpoints';
import NoticesAdminScreen from '../../src/client/screens/notices/NoticesAdminScreen';

afterEach(() => vi.restoreAllMocks());

describe('notices admin screen', () => {
  it('calls an empty title and content required and sends nothing', async () => {
    vi.spyOn(consoleApi, 'noticePage').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 10 });
    vi.spyOn(consoleApi, 'units').mockResolvedValue([]);
    const create = vi.spyOn(consoleApi, 'createNotice');
    render(
      <MemoryRouter>
        <NoticesAdminScreen />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByTestId('notice-save'));
    await waitFor(() => expect(screen.getAllByText(/此项为必填项/).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText(/长度不能少于/)).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('editing a notice draft', () => {
  it('opens a draft from the list in the form, with its units, and saves it as the same draft', async () => {
    const draft = {
      id: 'n1',
      title: '旧标题',
      content: '正文',
      audiences: ['enterprise'],
      unitIds: ['u1'],
      units: [{ id: 'u1', name: '示例跨国企业有限公司', unitType: 'company' }],
      status: 'draft' as const,
      createdAt: '2027-06-01T04:00:00.000Z',
      publishedAt: null,
      readCount: 0,
    };
    const published = { ...draft, id: 'n2', title: '已发通知', status: 'published' as const, publishedAt: '2027-06-01T05:00:00.000Z' };
    vi.spyOn(consoleApi, 'noticePage').mockResolvedValue({ records: [draft, published], total: 2, pageNum: 1, pageSize: 20 });
    vi.spyOn(consoleApi, 'units').mockResolvedValue([]);
    const create = vi.spyOn(consoleApi, 'createNotice');
    const save = vi.spyOn(consoleApi, 'saveNotice').mockResolvedValue({ ...draft, title: '新标题' });
    render(
      <MemoryRouter>
        <NoticesAdminScreen />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('notice-row');
    // a published notice is final: only the draft offers the edit
    expect(within(rows[1]!).queryByTestId('notice-edit')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('notice-edit'));
    expect(await screen.findByRole('heading', { name: '编辑通知草稿' })).toBeInTheDocument();
    const title = await screen.findByDisplayValue('旧标题');
    expect(screen.getByText('示例跨国企业有限公司')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: '新标题' } });
    fireEvent.blur(title);
    fireEvent.click(screen.getByTestId('notice-save'));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith('n1', { title: '新标题', content: '正文', audiences: ['enterprise'], unitIds: ['u1'] }),
    );
    expect(create).not.toHaveBeenCalled();
    // saved, the form writes a new notice again
    expect(await screen.findByRole('heading', { name: '撰写通知' })).toBeInTheDocument();
  });
});
