import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_RELOAD_DELAY_MS, LANGUAGE_TOAST_MS } from '../../src/shared/constants';
import { FeedbackHost } from '../../src/client/feedback/FeedbackHost';
import { answerConfirm } from '../../src/client/feedback/feedback-store';
import { LanguageSelector } from '../../src/client/layout/LanguageSelector';
import { GuestActions } from '../../src/client/screens/guests/GuestActions';
import { pageLocation } from '../../src/client/util/page-location';
import { guestSummary } from './fixtures/guest-fixtures';

describe('changing the language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the toast for 1000 ms and reloads 100 ms after it, not while it is still unread', async () => {
    const reload = vi.spyOn(pageLocation, 'reload').mockImplementation(() => undefined);
    render(
      <>
        <LanguageSelector />
        <FeedbackHost />
      </>,
    );
    fireEvent.click(screen.getByTestId('language-selector'));
    const chosenAt = Date.now();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect((await screen.findByTestId('toast')).textContent).toBe('语言已切换');
    // well past the old 100 ms, the toast is still being read and the page still here
    await new Promise((resolve) => setTimeout(resolve, LANGUAGE_RELOAD_DELAY_MS * 5));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByTestId('toast')).toBeVisible();
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(LANGUAGE_TOAST_MS + LANGUAGE_RELOAD_DELAY_MS - 20);
    expect(window.localStorage.getItem('language')).toBe('en');
  });
});

describe('the cancel-attendance dialog', () => {
  it('answers "cancel the attendance?" with "back" and "confirm the cancellation", not 取消 / 取消参会', async () => {
    render(
      <MemoryRouter>
        <GuestActions guest={guestSummary({ attendance: 'attending' })} onChanged={() => undefined} />
        <FeedbackHost />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('action-cancel'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['返回', '确认取消参会']);
    answerConfirm(false);
  });
});
