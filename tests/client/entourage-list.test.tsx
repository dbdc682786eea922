/** Issue 19: the entourage members are a declared list the guest's record hands its rows: actions by the record's access, cards on a phone. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { answerConfirm, getFeedback } from '../../src/client/feedback/feedback-store';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import type { EntourageItem } from '../../src/shared/guest-api';
import { guestDetail } from './fixtures/guest-fixtures';

const members: EntourageItem[] = [
  { id: 'm1', document: { nameZh: '李四' }, idNumberMasked: '370202********5678' },
  { id: 'm2', document: { nameZh: '王五' }, idNumberMasked: '370202********1234' },
];

function renderManager(editable: boolean, onChanged = () => {}) {
  const detail = guestDetail({ status: 'approved', entourage: members, entourageCount: 2 }, { canManageEntourage: editable });
  return render(
    <MemoryRouter>
      <EntourageManager detail={detail} access={{ editable }} onChanged={onChanged} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  answerConfirm(false);
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('entourage members list', () => {
  it("lists each member's name and masked ID number, and deletes one of this guest's after the confirmation", async () => {
    const remove = vi.spyOn(guestApi, 'deleteEntourage').mockResolvedValue(null);
    const onChanged = vi.fn();
    renderManager(true, onChanged);
    const rows = screen.getAllByTestId('entourage-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('李四370202********5678'),
      expect.stringContaining('王五370202********1234'),
    ]);
    fireEvent.click(within(rows[1]!).getByTestId('entourage-delete'));
    await waitFor(() => expect(getFeedback().confirm?.message).toContain('王五'));
    answerConfirm(true);
    await waitFor(() => expect(remove).toHaveBeenCalledWith('g1', 'm2'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('offers only the itinerary when the guest cannot be edited', () => {
    renderManager(false);
    const [row] = screen.getAllByTestId('entourage-row');
    expect(within(row!).getByTestId('entourage-itinerary-open')).toBeEnabled();
    expect(within(row!).queryByTestId('entourage-edit')).toBeNull();
    expect(within(row!).queryByTestId('entourage-delete')).toBeNull();
  });

  it('shows the members as cards under 600 px', () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    renderManager(true);
    const cards = screen.getAllByTestId('entourage-row');
    expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI']);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('李四');
    expect(within(cards[0]!).getByTestId('entourage-edit')).toBeInTheDocument();
  });
});
