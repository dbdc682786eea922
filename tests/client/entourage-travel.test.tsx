import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntourageItem, GuestDetail, ReviewItem } from '../../src/shared/guest-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { ReceptionEditor } from '../../src/client/screens/reception/ReceptionEditor';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import { guestDetail, sampleItinerary, sampleStationReception } from './fixtures/guest-fixtures';

// forms load their schema, validator and lazy widgets as chunks: slow under a full parallel run
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const itinerary = sampleItinerary;
const reception = sampleStationReception;

const member: EntourageItem = { id: 'm1', document: { nameZh: '李四' }, idNumberMasked: '370202********5678', itinerary, reception };

function guest(gates: Partial<GuestDetail['gates']> = {}, reasons: GuestDetail['gateReasons'] = {}): GuestDetail {
  return guestDetail(
    {
      status: 'approved',
      entourageCount: 1,
      reception: { hotels: [{ place: '海景酒店', receptionistName: '王接待', receptionistPhone: '13700000001' }] },
      entourage: [member],
    },
    { canEditBasic: false, canManageEntourage: true, canEditEpidemicInfo: true, ...gates },
    reasons,
  );
}

describe('entourage itinerary', () => {
  it("opens a member's stored itinerary, shows the reception read-only, and saves it for that member", async () => {
    const save = vi.spyOn(guestApi, 'saveEntourageItinerary').mockResolvedValue(member);
    const onChanged = vi.fn();
    render(
      <MemoryRouter>
        <EntourageManager detail={guest()} access={{ editable: true }} onChanged={onChanged} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('entourage-itinerary-open'));
    expect(await screen.findByText('李四 的行程')).toBeInTheDocument();
    // the read-only document loads its schema first
    await waitFor(() => expect(screen.getByTestId('entourage-reception')).toHaveTextContent('刘接待'));
    fireEvent.click(await screen.findByTestId('entourage-itinerary-save'));
    await waitFor(() => expect(save).toHaveBeenCalledWith('g1', 'm1', expect.objectContaining({ hotel: itinerary.hotel })));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('shows the itinerary read-only after the deadline, even when entourage management is closed', async () => {
    render(
      <MemoryRouter>
        <EntourageManager
          detail={guest(
            { canEditItinerary: false, canManageEntourage: false },
            { canEditItinerary: { reasonKey: 'guest.gates.itineraryDeadline', reasonParams: { deadline: '2027-09-28' } } },
          )}
          access={{ editable: false }}
          onChanged={() => {}}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('entourage-itinerary-open'));
    // the server's reason, with the server's date
    expect(await screen.findByTestId('entourage-itinerary-closed')).toHaveTextContent('行程信息修改已于 2027-09-28 截止');
    expect(screen.queryByTestId('entourage-itinerary-save')).toBeNull();
  });
});

describe('reception editor', () => {
  const item = { ...guest(), unitId: 'u1', unitName: 'x' } as unknown as ReviewItem;

  it('starts from the stored reception of the guest, and of a member when chosen', async () => {
    const load = vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(guest());
    const saveMember = vi.spyOn(guestApi, 'saveEntourageReception').mockResolvedValue(member);
    render(<ReceptionEditor guest={item} onClose={() => {}} />);
    await waitFor(() => expect(load).toHaveBeenCalledWith('g1'));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#root_hotels_0_receptionistName')?.value).toBe('王接待'));
    fireEvent.click(screen.getByTestId('reception-target-member'));
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#root_stations_0_receptionistName')?.value).toBe('刘接待'));
    fireEvent.click(screen.getByTestId('reception-save'));
    await waitFor(() => expect(saveMember).toHaveBeenCalledWith('g1', 'm1', reception));
  });

  it('starts from a masked reception: Show asks the audited reveal by pointer, an unchanged mask is sent back as it is', async () => {
    const masked = { hotels: [{ place: '海景酒店', receptionistName: '王接待', receptionistPhone: '137****0001' }] };
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue({ ...guest(), reception: masked });
    const reveal = vi.spyOn(guestApi, 'adminRevealGuestField').mockResolvedValue({ value: '13700000001' });
    const save = vi.spyOn(guestApi, 'saveReception').mockResolvedValue({});
    render(<ReceptionEditor guest={item} onClose={() => {}} />);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#root_hotels_0_receptionistPhone')?.value).toBe('137****0001'));
    const shown = await screen.findByTestId('reception-masked-values');
    fireEvent.click(await within(shown).findByTestId('reveal-button'));
    await waitFor(() => expect(within(shown).getByText('13700000001')).toBeInTheDocument());
    expect(reveal).toHaveBeenCalledWith('g1', 'mobile', undefined, '/reception/hotels/0/receptionistPhone');
    // the form keeps the mask (the full value stays in the Show line only); the server keeps the number it stands for
    expect(document.querySelector<HTMLInputElement>('#root_hotels_0_receptionistPhone')?.value).toBe('137****0001');
    fireEvent.click(screen.getByTestId('reception-save'));
    await waitFor(() => expect(save).toHaveBeenCalledWith('g1', masked));
  });
});
