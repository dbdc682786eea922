/** Issue 10: "attend" and "add guest" follow the server's gate and show the server's reason. */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { GuestActions } from '../../src/client/screens/guests/GuestActions';
import GuestListScreen from '../../src/client/screens/guests/GuestListScreen';
import type { EditionAnswer, GuestSummary } from '../../src/shared/guest-api';
import { editionAnswer, guestSummary } from './fixtures/guest-fixtures';

afterEach(() => vi.restoreAllMocks());

/** The element the control's aria-describedby names: what a screen reader says with it. */
function description(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('attend', () => {
  const renderActions = (guest: GuestSummary) =>
    render(
      <MemoryRouter>
        <GuestActions guest={guest} onChanged={() => undefined} />
      </MemoryRouter>,
    );

  it('is disabled with the reason the server gives, whatever the client would guess', () => {
    // approved with an itinerary, yet the server says no: the client shows the server's reason
    renderActions(
      guestSummary({
        status: 'approved',
        itineraryDone: true,
        confirmAttendanceGate: { open: false, reasonKey: 'guest.gates.attendItineraryFirst' },
      }),
    );
    const attend = screen.getByTestId('action-attend');
    expect(attend).toBeDisabled();
    expect(description(attend)).toBe('请先填写行程信息，再确认参会。');
    expect(screen.getByTestId('action-attend-reason')).toHaveTextContent('请先填写行程信息，再确认参会。');
  });

  it('is enabled, with no reason, when the server opens the gate', () => {
    renderActions(guestSummary({ status: 'pending', confirmAttendanceGate: { open: true } }));
    const attend = screen.getByTestId('action-attend');
    expect(attend).toBeEnabled();
    expect(attend).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId('action-attend-reason')).toBeNull();
  });

  it('"will not attend" stays offered while "attend" is shut', () => {
    renderActions(guestSummary({ confirmAttendanceGate: { open: false, reasonKey: 'guest.gates.attendNeedsApproval' } }));
    expect(screen.getByTestId('action-attend')).toBeDisabled();
    expect(description(screen.getByTestId('action-attend'))).toBe('嘉宾审核通过后才能确认参会。');
    expect(screen.getByTestId('action-not-attend')).toBeEnabled();
  });
});

describe('guest list: add guest', () => {
  const renderList = (addGuestGate: EditionAnswer['addGuestGate']) => {
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 10 });
    const loadEdition = vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(editionAnswer(addGuestGate));
    render(
      <MemoryRouter>
        <GuestListScreen />
      </MemoryRouter>,
    );
    return loadEdition;
  };

  it("is disabled with the server's reason and its values when the gate is shut", async () => {
    // the edition's switches are all open: only the server's decision says "outside the window"
    const loadEdition = renderList({
      open: false,
      reasonKey: 'guest.gates.outsideWindow',
      reasonParams: { start: '2026-09-01', end: '2026-12-31' },
    });
    const reason = await screen.findByTestId('add-guest-reason');
    expect(loadEdition).toHaveBeenCalledTimes(1);
    expect(reason).toHaveTextContent('2026-09-01');
    expect(reason).toHaveTextContent('2026-12-31');
    const add = screen.getByTestId('add-guest');
    expect(add).toBeDisabled();
    expect(description(add)).toBe(reason.textContent);
    expect(add).not.toHaveAttribute('href');
  });

  it('links to the new guest once the server opens the gate', async () => {
    renderList({ open: true });
    await waitFor(() => expect(screen.getByTestId('add-guest')).toHaveAttribute('href', '/guests/new'));
    expect(screen.queryByTestId('add-guest-reason')).toBeNull();
  });

  it('says so beside a disabled button when the edition cannot be loaded', async () => {
    vi.spyOn(guestApi, 'guestPage').mockResolvedValue({ records: [], total: 0, pageNum: 1, pageSize: 10 });
    vi.spyOn(guestApi, 'currentEdition').mockRejectedValue(new Error('offline'));
    render(
      <MemoryRouter>
        <GuestListScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('add-guest-reason')).toHaveTextContent('暂时无法确认能否添加嘉宾');
    expect(screen.getByTestId('add-guest')).toBeDisabled();
  });
});
