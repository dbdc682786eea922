import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GuestActions } from '../../src/client/screens/guests/GuestActions';
import { guestSummary } from './fixtures/guest-fixtures';

/** Issue 11 items 3 and 4: "attend" is offered only where the server takes it. */
describe('guest actions', () => {
  const attendOffered = (patch: Parameters<typeof guestSummary>[0]) => {
    const { container, unmount } = render(
      <MemoryRouter>
        <GuestActions guest={guestSummary(patch)} onChanged={() => undefined} />
      </MemoryRouter>,
    );
    // shut, the button stays (disabled, with the server's reason) but cannot be pressed
    const attend = container.querySelector<HTMLButtonElement>('[data-testid=action-attend]');
    const offered = attend !== null && !attend.disabled;
    unmount();
    return offered;
  };

  it('offers attend only where the server opens its gate (issue 10: the client derives nothing)', () => {
    expect(
      attendOffered({
        status: 'approved',
        itineraryDone: true,
        confirmAttendanceGate: { open: false, reasonKey: 'guest.gates.attendNeedsApproval' },
      }),
    ).toBe(false);
    expect(attendOffered({ status: 'pending', itineraryDone: false, confirmAttendanceGate: { open: true } })).toBe(true);
  });
});
