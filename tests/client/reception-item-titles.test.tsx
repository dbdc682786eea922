import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '../../src/shared/guest-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { consoleApi } from '../../src/client/api/console-endpoints';
import { ReceptionEditor } from '../../src/client/screens/reception/ReceptionEditor';
import { guestDetail } from './fixtures/guest-fixtures';

afterEach(() => vi.restoreAllMocks());

describe("the organiser's reception editor", () => {
  it('heads each reception entry with its list label and number, never the property name ("hotels-1")', async () => {
    const stored = guestDetail({
      status: 'approved',
      reception: {
        hotels: [
          { place: '海景酒店', receptionistName: '王接待', receptionistPhone: '13700000001' },
          { place: '山景酒店', receptionistName: '赵接待', receptionistPhone: '13700000002' },
        ],
        stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '13700000003' }],
      },
    });
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(stored);
    vi.spyOn(consoleApi, 'receptionists').mockResolvedValue([]);
    const item = { ...stored, unitId: 'u1', unitName: 'x' } as unknown as ReviewItem;
    render(<ReceptionEditor guest={item} onClose={() => {}} />);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#root_hotels_1_receptionistName')?.value).toBe('赵接待'));
    const editor = screen.getByTestId('reception-editor');
    expect(editor.textContent).not.toMatch(/hotels-\d|stations-\d/);
    expect(screen.getByText('酒店接待 1')).toBeInTheDocument();
    expect(screen.getByText('酒店接待 2')).toBeInTheDocument();
    expect(screen.getByText('站点接待 1')).toBeInTheDocument();
  });
});
