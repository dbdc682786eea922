/** The organisers' hotels and receptionists: each section adds with its schema form and deletes by row. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleApi } from '../../src/client/api/console-endpoints';
import HotelsScreen from '../../src/client/screens/admin/HotelsScreen';
import type { HotelItem, ReceptionistItem } from '../../src/shared/console-api';

afterEach(() => vi.restoreAllMocks());

const hotel: HotelItem = { id: 'h1', name: '海景酒店', address: '滨海路 1 号', phone: null };
const person: ReceptionistItem = { id: 'r1', name: '王接待', mobile: '13800000001', hotelId: null, hotelName: null };

function renderScreen() {
  const hotels = vi.spyOn(consoleApi, 'hotels').mockResolvedValue([hotel]);
  vi.spyOn(consoleApi, 'receptionists').mockResolvedValue([person]);
  render(
    <MemoryRouter>
      <HotelsScreen />
    </MemoryRouter>,
  );
  return { hotels };
}

describe('hotels screen', () => {
  it('lists hotels and receptionists with their cells; a receptionist without a hotel is at the stations', async () => {
    renderScreen();
    const hotelRow = await screen.findByTestId('hotel-row');
    expect(within(hotelRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['海景酒店', '滨海路 1 号', '', '删除']);
    const personRow = await screen.findByTestId('receptionist-row');
    expect(personRow).toHaveTextContent('王接待');
    expect(personRow).toHaveTextContent('13800000001');
  });

  it('adds a hotel from its form, reloads the lists and empties the form', async () => {
    const { hotels } = renderScreen();
    const save = vi.spyOn(consoleApi, 'saveHotel').mockResolvedValue({ ...hotel, id: 'h2', name: '新酒店' });
    await screen.findByTestId('hotel-row');
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
});
