import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import GuestListScreen from '../../src/client/screens/guests/GuestListScreen';
import { resetSession, updateSession } from '../../src/client/session/session-store';
import { editionAnswer, guestSummary } from './fixtures/guest-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  resetSession();
});

/** The server's answer for one PDF of a batch of `pages`. */
const pdfAnswer = (page: number, pages: number) =>
  new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="badges-${page}.pdf"`,
      'x-badge-page': String(page),
      'x-badge-pages': String(pages),
      'x-badge-cap': '200',
    },
  });

describe("the unit's badge batch", () => {
  it('prints the first PDF from the list, then says how many there are and prints the next until the last', async () => {
    updateSession({ signedIn: true, name: '张企业', userType: 'enterprise', permissions: [] });
    vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(editionAnswer());
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({ records: [guestSummary({})], total: 1, pageNum: 1, pageSize: 10 });
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      asked.push(`${url.pathname}${url.search}`);
      return pdfAnswer(Number(url.searchParams.get('pageNum')), 3);
    });
    render(
      <MemoryRouter initialEntries={['/guests']}>
        <GuestListScreen />
      </MemoryRouter>,
    );
    await screen.findAllByTestId('guest-row');
    expect(screen.queryByTestId('badge-batch')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('guest-table-download')).toBeEnabled());
    fireEvent.click(screen.getByTestId('guest-table-download'));
    const next = await screen.findByTestId('badge-batch-next');
    expect(asked).toEqual(['/exhibition/qms/badge?pageNum=1']);
    expect(screen.getByTestId('badge-batch')).toHaveTextContent('胸卡共 3 份 PDF，每份最多 200 人。');
    expect(next).toHaveTextContent('下一批胸卡（第 2 / 3 份）');
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('badge-batch-next')).toHaveTextContent('下一批胸卡（第 3 / 3 份）'));
    fireEvent.click(screen.getByTestId('badge-batch-next'));
    await waitFor(() => expect(screen.queryByTestId('badge-batch-next')).toBeNull());
    expect(asked).toEqual(['/exhibition/qms/badge?pageNum=1', '/exhibition/qms/badge?pageNum=2', '/exhibition/qms/badge?pageNum=3']);
  });
});
