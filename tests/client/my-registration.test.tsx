import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntourageItem, GuestDetail } from '../../src/shared/guest-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { componentScreens } from '../../src/client/router/screen-catalogue';
import GuestDetailScreen from '../../src/client/screens/guests/GuestDetailScreen';
import MyRegistrationScreen from '../../src/client/screens/guests/MyRegistrationScreen';
import { guestDetail, sampleItinerary, sampleStationReception } from './fixtures/guest-fixtures';

// read-only documents load their schema as chunks: slow under a full parallel run
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const itinerary = sampleItinerary;
const reception = sampleStationReception;
const memberReception = { stations: [{ place: '流亭机场', receptionistName: '陈接待', receptionistPhone: '13700000001' }] };

const member: EntourageItem = {
  id: 'm1',
  document: { nameZh: '李四', idNumber: '370202********5678' },
  idNumberMasked: '370202********5678',
  itinerary: { ...itinerary, hotel: { kind: 'designated', hotelName: '随行酒店' } },
  reception: memberReception,
};

function registration(patch: Partial<GuestDetail> = {}): GuestDetail {
  return guestDetail(
    {
      nameEn: 'Zhang San',
      status: 'rejected',
      rejectReason: '照片不清晰',
      entourageCount: 1,
      itineraryDone: true,
      document: { nameZh: '张三', idType: 'resident-id', idNumber: '370202********1234', position: '总经理' },
      itinerary,
      reception,
      entourage: [member],
      ...patch,
    },
    { canEditBasic: false, canEditItinerary: false },
  );
}

describe('my registration (guest accounts)', () => {
  it('is the screen of the MyRegistration menu key, not the coming-soon placeholder', () => {
    expect(componentScreens.MyRegistration).toBeDefined();
    expect(componentScreens.MyRegistration).not.toBe(componentScreens['coming-soon']);
  });

  it('shows the own registration read-only: status with reason, masked ID, itinerary, reception, entourage', async () => {
    const load = vi.spyOn(guestApi, 'ownRegistration').mockResolvedValue({ guest: null, unit: null, registration: registration() });
    render(<MyRegistrationScreen />);
    expect(await screen.findByTestId('status-rejected')).toHaveTextContent('审核未通过');
    expect(screen.getByTestId('reject-reason')).toHaveTextContent('原因：照片不清晰');
    const basic = screen.getByTestId('mine-basic');
    expect(await within(basic).findByText('370202********1234')).toBeInTheDocument();
    expect(within(basic).getByText('总经理')).toBeInTheDocument();
    expect(screen.getByTestId('mine-intention')).toHaveTextContent('尚未填写');
    expect(await within(screen.getByTestId('mine-itinerary')).findByText('海景酒店')).toBeInTheDocument();
    expect(await within(screen.getByTestId('mine-reception')).findByText('刘接待')).toBeInTheDocument();
    const entourage = screen.getByTestId('mine-entourage');
    expect(within(entourage).getByTestId('member-masked-id')).toHaveTextContent('370202********5678');
    expect(await within(entourage).findByText('随行酒店')).toBeInTheDocument();
    expect(await within(entourage).findByText('陈接待')).toBeInTheDocument();
    // read-only: no edit or action buttons
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("has Show on its own reception's masked receptionist phone (the audited guest reveal by pointer), not on the masked ID number", async () => {
    const masked = { stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '137****0000' }] };
    vi.spyOn(guestApi, 'ownRegistration').mockResolvedValue({
      guest: null,
      unit: null,
      registration: registration({ reception: masked, entourage: [] }),
    });
    const reveal = vi.spyOn(guestApi, 'revealOwnReceptionField').mockResolvedValue({ value: '13700000000' });
    render(<MyRegistrationScreen />);
    const section = await screen.findByTestId('mine-reception');
    const button = await within(section).findByTestId('reveal-button');
    expect(within(section).getByTestId('revealable-value')).toHaveTextContent('137****0000');
    // the only Show on the screen: the guest's own ID number stays masked, without one
    expect(await within(screen.getByTestId('mine-basic')).findByText('370202********1234')).toBeInTheDocument();
    expect(screen.getAllByTestId('reveal-button')).toEqual([button]);
    fireEvent.click(button);
    expect(await within(section).findByText('13700000000')).toBeInTheDocument();
    expect(reveal).toHaveBeenCalledWith('mobile', '/reception/stations/0/receptionistPhone');
  });

  it('shows pending and approved as 待审核 / 审核通过 and leaves out an empty entourage', async () => {
    vi.spyOn(guestApi, 'ownRegistration').mockResolvedValue({
      guest: null,
      unit: null,
      registration: registration({ status: 'approved', rejectReason: null, entourage: [], reception: null }),
    });
    render(<MyRegistrationScreen />);
    expect(await screen.findByTestId('status-approved')).toHaveTextContent('审核通过');
    expect(screen.queryByTestId('reject-reason')).toBeNull();
    expect(screen.queryByTestId('mine-entourage')).toBeNull();
    expect(screen.getByTestId('mine-reception')).toHaveTextContent('接待信息由组委会安排');
  });

  it('says that no registration is linked when getMasterInfo has none', async () => {
    vi.spyOn(guestApi, 'ownRegistration').mockResolvedValue({ guest: null, unit: null, registration: null });
    render(<MyRegistrationScreen />);
    expect(await screen.findByTestId('no-registration')).toHaveTextContent('此账号未关联任何报名信息。');
    expect(screen.queryByTestId('my-registration')).toBeNull();
  });

  it('says the load failed when the request fails', async () => {
    vi.spyOn(guestApi, 'ownRegistration').mockRejectedValue(new Error('offline'));
    render(<MyRegistrationScreen />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('no-registration')).toBeNull();
  });
});

describe('guest detail (unit side)', () => {
  it("shows each entourage member's itinerary and reception read-only", async () => {
    vi.spyOn(guestApi, 'guest').mockResolvedValue(
      registration({
        entourage: [
          member,
          { id: 'm2', document: { nameZh: '王五' }, idNumberMasked: '370202********9999', itinerary: null, reception: null },
        ],
      }),
    );
    render(
      <MemoryRouter initialEntries={['/guests/g1']}>
        <Routes>
          <Route path="/guests/:id" element={<GuestDetailScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    const members = await screen.findAllByTestId('entourage-member');
    expect(members).toHaveLength(2);
    expect(await within(members[0]!).findByText('随行酒店')).toBeInTheDocument();
    expect(await within(members[0]!).findByText('陈接待')).toBeInTheDocument();
    expect(within(members[1]!).getByTestId('member-itinerary')).toHaveTextContent('尚未填写');
    expect(within(members[1]!).getByTestId('member-reception')).toHaveTextContent('尚未安排');
  });
});
