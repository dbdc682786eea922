/** The organisers' hotels and receptionists: each section adds with its schema form and deletes by row. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleApi } from '../../src/client/api/console-endpoints';
import { FeedbackHost } from '../../src/client/feedback/FeedbackHost';
import HotelsScreen from '../../src/client/screens/reception/HotelsScreen';
import type { HotelItem, ReceptionistItem } from '../../src/shared/console-api';

afterEach(() => vi.restoreAllMocks());

const hotel: HotelItem = { id: 'h1', name: '海景酒店', address: '滨海路 1 号', phone: null };
// the server answers the mobile masked
const person: ReceptionistItem = { id: 'r1', name: '王接待', mobile: '138****0001', hotelId: null, hotelName: null };

function renderScreen() {
  const hotels = vi.spyOn(consoleApi, 'hotels').mockResolvedValue([hotel]);
  vi.spyOn(consoleApi, 'receptionists').mockResolvedValue([person]);
  render(
    <MemoryRouter>
      <HotelsScreen />
      <FeedbackHost />
    </MemoryRouter>,
  );
  return { hotels };
}

describe('hotels screen', () => {
  it('lists hotels and receptionists with their cells; a receptionist without a hotel is at the stations', async () => {
    renderScreen();
    const hotelRow = await screen.findByTestId('hotel-row');
    expect(
      within(hotelRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['海景酒店', '滨海路 1 号', '', '删除']);
    const personRow = await screen.findByTestId('receptionist-row');
    expect(personRow).toHaveTextContent('王接待');
    expect(personRow).toHaveTextContent('138****0001');
  });

  it("shows a receptionist's masked mobile in full only on Show (the audited reveal)", async () => {
    renderScreen();
    const reveal = vi.spyOn(consoleApi, 'revealReceptionistMobile').mockResolvedValue({ value: '13800000001' });
    const mobile = within(await screen.findByTestId('receptionist-row')).getByTestId('receptionist-mobile');
    expect(mobile).toHaveTextContent('138****0001');
    expect(reveal).not.toHaveBeenCalled();
    fireEvent.click(within(mobile).getByTestId('reveal-button'));
    await waitFor(() => expect(mobile).toHaveTextContent('13800000001'));
    expect(reveal).toHaveBeenCalledWith('r1');
    expect(within(mobile).queryByTestId('reveal-button')).toBeNull();
  });

  it('adds a hotel from its form, reloads the lists and empties the form', async () => {
    const { hotels } = renderScreen();
    const save = vi.spyOn(consoleApi, 'saveHotel').mockResolvedValue({ ...hotel, id: 'h2', name: '新酒店' });
    await screen.findByTestId('hotel-row');
    await screen.findByTestId('hotel-add');
    const hotelForm = () => screen.getByTestId('hotel-add').closest('form')!;
    fireEvent.change(within(hotelForm()).getAllByRole('textbox')[0]!, { target: { value: '新酒店' } });
    fireEvent.click(screen.getByTestId('hotel-add'));
    await waitFor(() => expect(save).toHaveBeenCalledWith(null, expect.objectContaining({ name: '新酒店' })));
    await waitFor(() => expect(hotels).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(within(hotelForm()).getAllByRole('textbox')[0]).toHaveValue(''));
  });

  it('deletes the row whose button is pressed, then reloads', async () => {
    const { hotels } = renderScreen();
    const remove = vi.spyOn(consoleApi, 'deleteReceptionist').mockResolvedValue(null);
    const row = await screen.findByTestId('receptionist-row');
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('r1'));
    await waitFor(() => expect(hotels).toHaveBeenCalledTimes(2));
  });

  // issue 19 item 14: one id per input on the page, and a word after an add
  it('gives the two forms distinct input ids', async () => {
    renderScreen();
    await screen.findByTestId('hotel-row');
    await waitFor(() =>
      expect(screen.getByTestId('receptionist-add').closest('form')!.querySelectorAll('input').length).toBeGreaterThan(0),
    );
    const ids = [...document.querySelectorAll('input, textarea')].map((input) => input.id).filter((id) => id !== '');
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says so after a receptionist is added', async () => {
    renderScreen();
    vi.spyOn(consoleApi, 'saveReceptionist').mockResolvedValue(person);
    await screen.findByTestId('receptionist-row');
    // the add form draws once its schema has loaded, which may be after the list's rows
    await screen.findByTestId('receptionist-add');
    const form = () => screen.getByTestId('receptionist-add').closest('form')!;
    const [name, mobile] = within(form()).getAllByRole('textbox');
    fireEvent.change(name!, { target: { value: '李接待' } });
    fireEvent.change(mobile!, { target: { value: '13800000002' } });
    fireEvent.click(screen.getByTestId('receptionist-add'));
    expect(await screen.findByText('接待人员已添加')).toBeInTheDocument();
  });
});
