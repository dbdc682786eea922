import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/api-error';
import * as uploadRequest from '../../src/client/engine/uploads/upload-request';
import { ImportDialog } from '../../src/client/screens/content/ImportDialog';
import UnofficialGuestsScreen from '../../src/client/screens/content/UnofficialGuestsScreen';
import type { Page } from '../../src/shared/api-types';
import type { ContentPage, ContentRecord, DownloadItem } from '../../src/shared/content-api';
import { contentApi } from '../../src/client/api/content-endpoints';
import { AppHeader } from '../../src/client/layout/AppHeader';
import { FeedbackHost } from '../../src/client/feedback/FeedbackHost';
import { componentScreens } from '../../src/client/router/screen-catalogue';
import DashboardScreen from '../../src/client/screens/pages/DashboardScreen';
import DownloadsScreen from '../../src/client/screens/content/DownloadsScreen';
import HistoricalGuestsScreen from '../../src/client/screens/content/HistoricalGuestsScreen';
import InvestmentProjectsScreen from '../../src/client/screens/content/InvestmentProjectsScreen';
import VehiclesScreen from '../../src/client/screens/content/VehiclesScreen';
import DeclaredScreen from '../../src/client/engine/DeclaredScreen';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { fileNameOf } from '../../src/client/api/fetch-file';
import { resetSession, updateSession } from '../../src/client/session/session-store';
import type { AccountType } from '../../src/shared/api-types';

// the record form loads its schema as a chunk: slow under a full parallel run
configure({ asyncUtilTimeout: 10_000 });
const SLOW = 30_000;

afterEach(() => {
  vi.restoreAllMocks();
  resetSession();
});

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, pageNum: 1, pageSize: 10 });
const record = (document: Record<string, unknown>, extra: Partial<ContentRecord> = {}): ContentRecord => ({
  id: `r-${Math.random()}`,
  document,
  unitName: null,
  createdAt: '2027-05-01T02:00:00.000Z',
  updatedAt: '2027-05-01T02:00:00.000Z',
  ...extra,
});
const download: DownloadItem = {
  id: 'd1',
  title: '嘉宾报名指南',
  category: 'guideline',
  description: null,
  file: 'f1',
  fileName: '指南.pdf',
  mime: 'application/pdf',
  bytes: 2048,
  createdAt: '2027-05-01T02:00:00.000Z',
  updatedAt: '2027-05-01T02:00:00.000Z',
};

function signedInAs(userType: AccountType, permissions: string[] = []) {
  updateSession({ signedIn: true, name: '张企业', userType, permissions });
}

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('content screens', () => {
  it('are the screens of their menu keys, not the coming-soon placeholder', () => {
    for (const key of ['Downloads', 'HistoricalGuests', 'InvestmentProjects', 'Vehicles', 'UnofficialGuests']) {
      expect(componentScreens[key], key).toBeDefined();
      expect(componentScreens[key]).not.toBe(componentScreens['coming-soon']);
    }
    // the organisers' overviews are declared lists
    expect(findDeclaration('AllVehicles')?.id).toBe('all-vehicles');
    expect(findDeclaration('AllUnofficialGuests')?.id).toBe('all-unofficial-guests');
  });

  it(
    'lists downloads for a unit without publishing controls, filtered by category',
    async () => {
      signedInAs('enterprise');
      const load = vi.spyOn(contentApi, 'downloadPage').mockResolvedValue(page([download]));
      inRouter(<DownloadsScreen />);
      const row = await screen.findByTestId('downloads-row');
      expect(row).toHaveTextContent('嘉宾报名指南');
      expect(row).toHaveTextContent('指南.pdf');
      expect(within(row).getByTestId('download')).toBeInTheDocument();
      expect(screen.queryByTestId('add-download')).toBeNull();
      expect(within(row).queryByText('删除')).toBeNull();
      fireEvent.mouseDown(within(screen.getByTestId('category-filter')).getByRole('combobox'));
      fireEvent.click(await screen.findByRole('option', { name: '会议日程' }));
      await waitFor(() => expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'agenda', pageNum: 1 })));
    },
    SLOW,
  );

  it(
    'gives organisers the publishing form with the upload field',
    async () => {
      signedInAs('organiser');
      vi.spyOn(contentApi, 'downloadPage').mockResolvedValue(page([download]));
      inRouter(<DownloadsScreen />);
      fireEvent.click(await screen.findByTestId('add-download'));
      const form = await screen.findByTestId('record-form');
      expect(await within(form).findByTestId('upload-downloadFile')).toBeInTheDocument();
      expect(within(form).getByLabelText(/标题/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows historical guests with session and inviter, searching by session and keyword',
    async () => {
      signedInAs('enterprise');
      const load = vi.spyOn(contentApi, 'page').mockResolvedValue(
        page([
          record({
            session: 3,
            nameZh: '王历届',
            unitName: '青岛历届集团',
            position: '董事长',
            idType: 'resident-id',
            idNumber: '370202********1234',
            inviter: { organisation: '市贸促会', name: '赵邀请', reason: '老朋友' },
          }),
        ]),
      );
      inRouter(<HistoricalGuestsScreen />);
      const row = await screen.findByTestId('historical-guest-row');
      expect(row).toHaveTextContent('第 3 届');
      expect(row).toHaveTextContent('赵邀请 / 市贸促会');
      expect(screen.queryByTestId('import')).toBeNull();
      expect(within(row).queryByText('删除')).toBeNull();
      fireEvent.click(within(row).getByTestId('view-record'));
      const detail = await screen.findByTestId('record-detail');
      expect(await within(detail).findByText('370202********1234')).toBeInTheDocument();
      expect(within(detail).getByText('老朋友')).toBeInTheDocument();
      // units read the catalogue masked: no Show
      expect(within(detail).queryByTestId('reveal-button')).toBeNull();
      fireEvent.click(within(screen.getByRole('dialog')).getByText('关闭'));
      await waitFor(() => expect(screen.queryByTestId('record-detail')).toBeNull());
      fireEvent.change(within(screen.getByTestId('keyword')).getByRole('textbox'), { target: { value: '王' } });
      fireEvent.click(screen.getByTestId('search'));
      await waitFor(() => expect(load).toHaveBeenLastCalledWith('historical-guest', expect.objectContaining({ keyword: '王' })));
      fireEvent.mouseDown(within(screen.getByTestId('session-filter')).getByRole('combobox'));
      fireEvent.click(await screen.findByRole('option', { name: '第 5 届' }));
      await waitFor(() =>
        expect(load).toHaveBeenLastCalledWith('historical-guest', expect.objectContaining({ keyword: '王', session: '5' })),
      );
    },
    SLOW,
  );

  it(
    "sorts a content list by its headers, keeping the screen's own search, with no second filter bar",
    async () => {
      signedInAs('enterprise');
      const load = vi.spyOn(contentApi, 'page').mockResolvedValue(page([record({ session: 3, nameZh: '王历届' })]));
      render(
        <MemoryRouter initialEntries={['/historicalGuests?keyword=%E7%8E%8B&session=3']}>
          <HistoricalGuestsScreen />
        </MemoryRouter>,
      );
      await screen.findByTestId('historical-guest-row');
      expect(screen.queryByTestId('list-filter-submit')).toBeNull();
      fireEvent.click(screen.getByTestId('historical-guest-sort-title'));
      await waitFor(() =>
        expect(load).toHaveBeenLastCalledWith(
          'historical-guest',
          expect.objectContaining({ keyword: '王', session: '3', sort: 'title', order: 'asc', pageNum: 1 }),
        ),
      );
      fireEvent.click(screen.getByTestId('historical-guest-sort-session'));
      fireEvent.click(screen.getByTestId('historical-guest-sort-session'));
      await waitFor(() =>
        expect(load).toHaveBeenLastCalledWith(
          'historical-guest',
          expect.objectContaining({ keyword: '王', sort: 'session', order: 'desc' }),
        ),
      );
      // a new search keeps the order
      fireEvent.change(within(screen.getByTestId('keyword')).getByRole('textbox'), { target: { value: '李' } });
      fireEvent.click(screen.getByTestId('search'));
      await waitFor(() =>
        expect(load).toHaveBeenLastCalledWith(
          'historical-guest',
          expect.objectContaining({ keyword: '李', sort: 'session', order: 'desc' }),
        ),
      );
    },
    SLOW,
  );

  it(
    "gives organisers a Show button on a historical guest's masked values: the audited reveal, then the full value",
    async () => {
      signedInAs('organiser');
      vi.spyOn(contentApi, 'page').mockResolvedValue(
        page([
          record(
            {
              session: 3,
              nameZh: '王历届',
              unitName: '青岛历届集团',
              position: '董事长',
              mobile: '139****0001',
              idType: 'resident-id',
              idNumber: '370202********1234',
            },
            { id: 'hg1' },
          ),
        ]),
      );
      const reveal = vi.spyOn(contentApi, 'adminRevealField').mockResolvedValue({ value: '370202199001011234' });
      inRouter(<HistoricalGuestsScreen />);
      fireEvent.click(within(await screen.findByTestId('historical-guest-row')).getByTestId('view-record'));
      const detail = await screen.findByTestId('record-detail');
      const idNumber = (await within(detail).findByText('370202********1234')).closest('dd') as HTMLElement;
      expect(reveal).not.toHaveBeenCalled();
      fireEvent.click(within(idNumber).getByTestId('reveal-button'));
      expect(await within(idNumber).findByText('370202199001011234')).toBeInTheDocument();
      expect(reveal).toHaveBeenCalledWith('historical-guest', 'hg1', 'idNumber');
      expect(within(idNumber).queryByTestId('reveal-button')).toBeNull();
      // the mobile keeps its own button, still masked
      expect(within(detail).getByText('139****0001')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'shows investment in billions of yuan and gives organisers import and add',
    async () => {
      signedInAs('organiser');
      vi.spyOn(contentApi, 'page').mockResolvedValue(
        page([record({ name: '储能基地', area: '青岛', industry: '新能源', investment: 2_500_000_000 })]),
      );
      inRouter(<InvestmentProjectsScreen />);
      expect(await screen.findByTestId('investment-project-row')).toHaveTextContent('2.50 十亿元');
      fireEvent.click(screen.getByTestId('import'));
      expect(await screen.findByTestId('import-dialog')).toHaveTextContent('下载导入模板');
    },
    SLOW,
  );

  it(
    'lets a unit open the vehicle form and delete a vehicle after confirming',
    async () => {
      signedInAs('enterprise');
      const vehicle = record(
        {
          plateNumber: '鲁B12345',
          vehicleType: 'mpv',
          seats: 7,
          driverName: '孙司机',
          driverMobile: '13912345670',
          arrivalTime: '2027-06-17T00:00:00.000Z',
          purpose: 'guest-transport',
        },
        { id: 'v1' },
      );
      vi.spyOn(contentApi, 'page').mockResolvedValue(page([vehicle]) as ContentPage);
      const remove = vi.spyOn(contentApi, 'deleteUnitRecord').mockResolvedValue(null);
      inRouter(
        <>
          <VehiclesScreen />
          <FeedbackHost />
        </>,
      );
      const row = await screen.findByTestId('vehicle-row');
      expect(row).toHaveTextContent('商务车');
      expect(row).toHaveTextContent('嘉宾接送');
      fireEvent.click(screen.getByTestId('add-record'));
      const form = await screen.findByTestId('record-form');
      expect(await within(form).findByLabelText(/车牌号/)).toBeInTheDocument();
      fireEvent.click(within(form).getByText('取消'));
      await waitFor(() => expect(screen.queryByTestId('record-form')).toBeNull());
      fireEvent.click(within(row).getByText('删除'));
      const confirm = await screen.findByRole('dialog');
      expect(confirm).toHaveTextContent('确定删除“鲁B12345”吗？');
      fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
      await waitFor(() => expect(remove).toHaveBeenCalledWith('vehicle', 'v1'));
    },
    SLOW,
  );

  it(
    "shows organisers every unit's vehicles with the unit name",
    async () => {
      signedInAs('organiser');
      const load = vi.spyOn(contentApi, 'adminPage').mockResolvedValue(
        page([
          record(
            {
              plateNumber: '鲁B12345',
              vehicleType: 'coach',
              seats: 40,
              purpose: 'other',
              driverName: '李司机',
              driverMobile: '139****0001',
            },
            { id: 'v1', unitName: '示例跨国企业有限公司' },
          ),
        ]),
      );
      const reveal = vi.spyOn(contentApi, 'adminRevealField').mockResolvedValue({ value: '13900000001' });
      inRouter(<DeclaredScreen id="AllVehicles" />);
      const row = await screen.findByTestId('all-vehicle-row');
      expect(row).toHaveTextContent('示例跨国企业有限公司');
      expect(row).toHaveTextContent('鲁B12345');
      expect(row).toHaveTextContent('40');
      // the driver's masked mobile in full only on Show (the organisers' audited reveal)
      const mobile = within(row).getByTestId('vehicle-mobile');
      expect(row).toHaveTextContent('李司机 139****0001');
      expect(reveal).not.toHaveBeenCalled();
      fireEvent.click(within(mobile).getByTestId('reveal-button'));
      await waitFor(() => expect(mobile).toHaveTextContent('13900000001'));
      expect(reveal).toHaveBeenCalledWith('vehicle', 'v1', 'mobile');
      expect(load).toHaveBeenCalledWith('vehicle', { pageNum: 1, pageSize: 10, keyword: undefined });
      // the keyword is its only filter (the query schema's other fields are the downloads' and history's)
      expect(screen.queryByLabelText('届次')).toBeNull();
      fireEvent.change(await screen.findByLabelText('关键词'), { target: { value: '鲁B' } });
      fireEvent.click(screen.getByTestId('list-filter-submit'));
      await waitFor(() => expect(load).toHaveBeenLastCalledWith('vehicle', { pageNum: 1, pageSize: 10, keyword: '鲁B' }));
    },
    SLOW,
  );

  it(
    "shows organisers every unit's unofficial-activity guests with their activity",
    async () => {
      signedInAs('organiser');
      const load = vi.spyOn(contentApi, 'adminPage').mockResolvedValue(
        page([
          record(
            {
              activityName: '海洋经济对接会',
              activityPlace: '海天中心',
              nameZh: '吴嘉宾',
              nameEn: 'Wu Jiabin',
              organisation: '某研究院',
              mobile: '139****5671',
            },
            { id: 'g1', unitName: '示例传媒' },
          ),
        ]),
      );
      const reveal = vi.spyOn(contentApi, 'adminRevealField').mockResolvedValue({ value: '13912345671' });
      inRouter(<DeclaredScreen id="AllUnofficialGuests" />);
      const row = await screen.findByTestId('all-unofficial-guest-row');
      const mobile = within(row).getByTestId('unofficial-guest-mobile');
      expect(mobile).toHaveTextContent('139****5671');
      fireEvent.click(within(mobile).getByTestId('reveal-button'));
      await waitFor(() => expect(mobile).toHaveTextContent('13912345671'));
      expect(reveal).toHaveBeenCalledWith('unofficial-guest', 'g1', 'mobile');
      expect(row).toHaveTextContent('示例传媒');
      expect(row).toHaveTextContent('吴嘉宾 Wu Jiabin');
      expect(row).toHaveTextContent('海洋经济对接会 · 海天中心');
      expect(load).toHaveBeenCalledWith('unofficial-guest', expect.objectContaining({ pageNum: 1 }));
    },
    SLOW,
  );

  it('lists unofficial-activity guests with their activity', async () => {
    signedInAs('media');
    vi.spyOn(contentApi, 'page').mockResolvedValue(
      page([
        record({
          activityName: '海洋经济对接会',
          activityPlace: '海天中心',
          activityTime: '2027-06-19T06:00:00.000Z',
          nameZh: '吴嘉宾',
          nameEn: 'Wu Jiabin',
          organisation: '某研究院',
          mobile: '13912345671',
        }),
      ]),
    );
    inRouter(<UnofficialGuestsScreen />);
    const row = await screen.findByTestId('unofficial-guest-row');
    expect(row).toHaveTextContent('吴嘉宾 Wu Jiabin');
    expect(row).toHaveTextContent('海洋经济对接会 · 海天中心');
    expect(row).toHaveTextContent('2027-06-19 14:00:00');
  });

  it('uploads the workbook, imports it and lists every refused row', async () => {
    signedInAs('organiser');
    const sent = vi.spyOn(uploadRequest, 'sendUpload').mockReturnValue({
      done: Promise.resolve({ id: 'wb1', name: 'g.xlsx', mime: 'application/zip', bytes: 10, width: null, height: null, notChecked: [] }),
      abort: () => undefined,
    });
    const refused = new ApiError('status', 400, '参数校验失败', {
      code: 400,
      msg: '参数校验失败',
      data: null,
      fieldErrors: [
        { pointer: '/rows/4/mobile', key: 'validation.mobile', message: '第 4 行 手机号：请输入正确的手机号' },
        { pointer: '/rows/7/session', key: 'validation.maximum', message: '第 7 行 届次：不能大于 5' },
      ],
    });
    const imported = vi.spyOn(contentApi, 'importCatalogue').mockRejectedValueOnce(refused).mockResolvedValueOnce({ imported: 12 });
    const done = vi.fn();
    render(<ImportDialog kind="historical-guest" onClose={() => undefined} onImported={done} />);
    const input = screen.getByTestId('workbook-input');
    const workbookFile = new File(['x'], 'g.xlsx');
    fireEvent.change(input, { target: { files: [workbookFile] } });
    const errors = await screen.findByTestId('import-errors');
    expect(sent).toHaveBeenCalledWith(workbookFile, 'importWorkbook', expect.any(Function));
    expect(imported).toHaveBeenCalledWith('historical-guest', 'wb1');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['第 4 行 手机号：请输入正确的手机号', '第 7 行 届次：不能大于 5']);
    expect(done).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [workbookFile] } });
    expect(await screen.findByTestId('import-done')).toHaveTextContent('已导入 12 条记录');
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('reads the UTF-8 file name of an attachment', () => {
    expect(fileNameOf(`attachment; filename="___.pdf"; filename*=UTF-8''%E6%8C%87%E5%8D%97%20%282025%29.pdf`)).toBe('指南 (2025).pdf');
    expect(fileNameOf('attachment; filename="agenda.pdf"')).toBe('agenda.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('dashboard and header per account type', () => {
  it('shows units the two steps and their unit actions', () => {
    signedInAs('enterprise', ['unit:edit', 'guest:view', 'download:read', 'vehicle:manage', 'notice:read']);
    inRouter(<DashboardScreen />);
    expect(screen.getByTestId('dashboard-intro')).toHaveTextContent('2 步');
    expect(screen.getByTestId('action-unitInfo')).toHaveAttribute('href', '/unit');
    expect(screen.getByTestId('action-vehicles')).toHaveAttribute('href', '/vehicles');
    expect(screen.queryByTestId('action-review')).toBeNull();
  });

  it('shows staff what they can do, not unit instructions', () => {
    signedInAs('staff', ['notice:read', 'download:read']);
    inRouter(<DashboardScreen />);
    expect(screen.getByTestId('dashboard-intro')).toHaveTextContent('没有所属单位');
    expect(screen.queryByText(/完善单位信息/)).toBeNull();
    expect(screen.getByTestId('action-temporary')).toHaveAttribute('href', '/tempGroupWorkerRegister');
    expect(screen.getByTestId('action-downloads')).toHaveAttribute('href', '/downloads');
  });

  it('sends volunteers to their own temporary registration and same-period attendees to none', () => {
    signedInAs('volunteer', ['notice:read']);
    const { unmount } = inRouter(<DashboardScreen />);
    expect(screen.getByTestId('action-temporary')).toHaveAttribute('href', '/tempGroupVolunteerRegister');
    unmount();
    signedInAs('same-period', ['notice:read', 'download:read']);
    inRouter(<DashboardScreen />);
    expect(screen.queryByTestId('action-temporary')).toBeNull();
    expect(screen.getByTestId('dashboard')).toHaveAttribute('data-kind', 'member');
  });

  it('shows guests their registration and organisers their desk', () => {
    signedInAs('guest', ['notice:read', 'registration:view']);
    const { unmount } = inRouter(<DashboardScreen />);
    expect(screen.getByTestId('dashboard-intro')).toHaveTextContent('所在单位办理');
    expect(screen.getByTestId('action-myRegistration')).toHaveAttribute('href', '/myRegistration');
    unmount();
    signedInAs('organiser', ['review:decide', 'audit:read', 'download:manage', 'history:manage']);
    inRouter(<DashboardScreen />);
    expect(screen.getByTestId('action-review')).toHaveAttribute('href', '/admin/review');
    expect(screen.getByTestId('action-manageHistorical')).toHaveAttribute('href', '/historicalGuests');
    expect(screen.queryByTestId('action-unitInfo')).toBeNull();
  });

  it('labels enterprise accounts "enterprise guest" in the header', () => {
    signedInAs('enterprise');
    const { unmount } = inRouter(<AppHeader />);
    expect(screen.getByTestId('account-label')).toHaveTextContent('企业嘉宾');
    unmount();
    signedInAs('volunteer');
    inRouter(<AppHeader />);
    expect(screen.getByTestId('account-label')).toHaveTextContent('志愿者');
  });
});
