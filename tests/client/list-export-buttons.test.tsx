import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as downloads from '../../src/client/api/download-file';
import { contentApi } from '../../src/client/api/content-endpoints';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { resetSession, updateSession } from '../../src/client/session/session-store';
import GuestListScreen from '../../src/client/screens/guests/GuestListScreen';
import DownloadsScreen from '../../src/client/screens/content/DownloadsScreen';
import HistoricalGuestsScreen from '../../src/client/screens/content/HistoricalGuestsScreen';
import InvestmentProjectsScreen from '../../src/client/screens/content/InvestmentProjectsScreen';
import UnofficialGuestsScreen from '../../src/client/screens/content/UnofficialGuestsScreen';
import VehiclesScreen from '../../src/client/screens/content/VehiclesScreen';
import type { AccountType, Page } from '../../src/shared/api-types';
import { listCellsReady } from '../../src/client/engine/list-cells';
import { operations, runOperation } from '../../src/client/engine/operations';
import type { ListDeclaration } from '../../src/client/engine/screen-types';
import type { ContentRecord } from '../../src/shared/content-api';
import { editionAnswer, guestSummary } from './fixtures/guest-fixtures';

// the screens load their query schemas as chunks: slow under a full parallel run
configure({ asyncUtilTimeout: 10_000 });
const SLOW = 30_000;

afterEach(() => {
  vi.restoreAllMocks();
  resetSession();
});

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, pageNum: 1, pageSize: 10 });
const record = (document: Record<string, unknown>): ContentRecord => ({
  id: `r-${Math.random()}`,
  document,
  unitName: null,
  createdAt: '2027-05-01T02:00:00.000Z',
  updatedAt: '2027-05-01T02:00:00.000Z',
});
const signedInAs = (userType: AccountType) => updateSession({ signedIn: true, name: '张企业', userType, permissions: [] });
const at = (url: string, node: React.ReactNode) => render(<MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>);

describe('export buttons of the lists units see', () => {
  it("exports the unit's guest list with its filter and order, beside the badge batch", async () => {
    signedInAs('enterprise');
    vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(editionAnswer());
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue(page([guestSummary({})]));
    const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
    at('/guests?name=%E5%BC%A0&status=pending&sort=name&order=desc', <GuestListScreen />);
    await screen.findAllByTestId('guest-row');
    await waitFor(() => expect(screen.getByTestId('guest-table-export')).toBeEnabled());
    // the badge batch keeps its button
    expect(screen.getByTestId('guest-table-download')).toHaveTextContent('下载已审核嘉宾胸卡（PDF）');
    fireEvent.click(screen.getByTestId('guest-table-export'));
    await waitFor(() =>
      expect(exported).toHaveBeenCalledWith(
        'qms/export/guests',
        'guests.xlsx',
        expect.objectContaining({ name: '张', status: 'pending', sort: 'name', order: 'desc' }),
      ),
    );
    expect(screen.getByTestId('guest-table-export')).toHaveTextContent('导出 Excel');
  });

  it(
    "exports a unit's own vehicles and unofficial-activity guests with the screen's search and the list's order",
    async () => {
      signedInAs('enterprise');
      vi.spyOn(contentApi, 'page').mockResolvedValue(page([record({ plateNumber: '鲁B12345', nameZh: '吴嘉宾' })]));
      const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
      const view = at('/vehicles?keyword=%E9%B2%81B&sort=title&order=desc', <VehiclesScreen />);
      // off until the list's query is read: a file without the order would not be what the list shows
      await screen.findByTestId('vehicle-row');
      await waitFor(() => expect(screen.getByTestId('vehicle-download')).toBeEnabled());
      fireEvent.click(screen.getByTestId('vehicle-download'));
      await waitFor(() =>
        expect(exported).toHaveBeenLastCalledWith(
          'qms/export/vehicle',
          'vehicles.xlsx',
          expect.objectContaining({ keyword: '鲁B', sort: 'title', order: 'desc' }),
        ),
      );
      view.unmount();
      at('/unofficialGuests?keyword=%E5%90%B4&sort=title', <UnofficialGuestsScreen />);
      await screen.findByTestId('unofficial-guest-row');
      await waitFor(() => expect(screen.getByTestId('unofficial-guest-download')).toBeEnabled());
      fireEvent.click(screen.getByTestId('unofficial-guest-download'));
      await waitFor(() =>
        expect(exported).toHaveBeenLastCalledWith(
          'qms/export/unofficial-guest',
          'unofficial-guests.xlsx',
          expect.objectContaining({ keyword: '吴', sort: 'title' }),
        ),
      );
    },
    SLOW,
  );

  it(
    'shows the export of historical guests, investment projects and downloads to organisers only',
    async () => {
      vi.spyOn(contentApi, 'page').mockResolvedValue(page([record({ session: 3, nameZh: '王历届', name: '海洋项目' })]));
      vi.spyOn(contentApi, 'downloadPage').mockResolvedValue(page([]));
      const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
      const screens = [
        {
          url: '/historicalGuests?keyword=%E7%8E%8B&session=3&sort=title&order=desc',
          node: <HistoricalGuestsScreen />,
          button: 'historical-guest-download',
          path: 'admin/console/export/historical-guest',
          query: { keyword: '王', session: '3', sort: 'title', order: 'desc' },
        },
        {
          url: '/investmentProjects?keyword=%E6%B5%B7&sort=title',
          node: <InvestmentProjectsScreen />,
          button: 'investment-project-download',
          path: 'admin/console/export/investment-project',
          query: { keyword: '海', sort: 'title' },
        },
        {
          url: '/downloads?category=agenda&sort=createdAt&order=desc',
          node: <DownloadsScreen />,
          button: 'downloads-download',
          path: 'admin/console/export/downloads',
          query: { category: 'agenda', sort: 'createdAt', order: 'desc' },
        },
      ];
      for (const userType of ['enterprise', 'organiser'] as const) {
        signedInAs(userType);
        for (const { url, node, button, path, query } of screens) {
          const view = at(url, node);
          // the list has loaded once its title's toolbar or empty text is there
          await waitFor(() => expect(screen.queryAllByText(/王历届|海洋项目|暂无数据|No data/).length).toBeGreaterThan(0));
          if (userType === 'enterprise') expect(screen.queryByTestId(button), button).toBeNull();
          else {
            await waitFor(() => expect(screen.getByTestId(button)).toBeEnabled());
            fireEvent.click(screen.getByTestId(button));
            await waitFor(() => expect(exported).toHaveBeenLastCalledWith(path, expect.any(String), expect.objectContaining(query)));
          }
          view.unmount();
        }
      }
    },
    SLOW,
  );
});

describe('the export of every declared list', () => {
  const screens = import.meta.glob<ListDeclaration>('../../ui-schemas/screens/*.json', { eager: true, import: 'default' });
  const lists = Object.values(screens).filter((declaration) => declaration.kind === 'list');

  it("names an operation of the app for each list's download", async () => {
    await listCellsReady();
    const missing = lists.flatMap((list) =>
      (list.download === undefined ? [] : Array.isArray(list.download) ? list.download : [list.download])
        .filter((item) => typeof operations[item.operation] !== 'function')
        .map((item) => `${list.id}: ${item.operation}`),
    );
    expect(missing).toEqual([]);
  });

  it('hands the list its query (no page) and the route params: each new export downloads its own path', async () => {
    const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
    const cases: [list: string, path: string][] = [
      ['messages-sent', 'admin/console/export/messages'],
      ['message-recipients', 'admin/console/export/message/m-1/recipients'],
      ['unit-activities', 'qms/export/activities'],
      ['notice-list', 'qms/export/notices'],
      ['receptionists', 'admin/console/export/receptionists'],
      ['temporary-codes', 'admin/temporary/export/codes'],
      ['temporary-recommendations', 'admin/temporary/export/recommendations'],
      ['temporary-review', 'admin/temporary/export'],
      // lists a screen hosts: the record's id is the host's filter, sent with the query
      ['activity-roster', 'admin/activity/export/signed-up'],
      ['activity-waiting', 'admin/activity/export/waiting'],
      ['activity-my-sign-ups', 'qms/export/activity-sign-ups'],
      ['entourage-members', 'qms/export/entourage'],
    ];
    for (const [id, path] of cases) {
      const list = lists.find((declaration) => declaration.id === id)!;
      const download = Array.isArray(list.download) ? list.download[0]! : list.download!;
      await runOperation(download.operation, { sort: 'x', order: 'desc', pageNum: '2', pageSize: '20' }, { id: 'm-1' });
      expect(exported, id).toHaveBeenLastCalledWith(
        path,
        expect.stringMatching(/\.xlsx$/),
        expect.objectContaining({ sort: 'x', order: 'desc' }),
      );
    }
  });
});
