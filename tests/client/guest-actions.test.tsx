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
    const offered = container.querySelector('[data-testid=action-attend]') !== null;
    unmount();
    return offered;
  };

  it('offers attend only to approved guests with an itinerary', () => {
    expect(attendOffered({ status: 'pending', itineraryDone: true })).toBe(false);
    expect(attendOffered({ status: 'rejected', itineraryDone: true })).toBe(false);
    expect(attendOffered({ status: 'approved', itineraryDone: false })).toBe(false);
    expect(attendOffered({ status: 'approved', itineraryDone: true })).toBe(true);
  });
});
