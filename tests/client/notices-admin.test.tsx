/** The organisers' notice form (issue 19 item 15): an empty title or content is "required", not "too short". */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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
