import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearAllDrafts, clearDraft, readDraft, scheduleDraftWrite } from '../../src/client/engine/wizard/draft-store';

const stored = () => window.localStorage.getItem('wizard-draft:guest-registration:new:basic');

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});

afterEach(() => {
  clearAllDrafts();
  vi.useRealTimers();
});

it('writes a typed draft once typing pauses, and reads it back before that', () => {
  scheduleDraftWrite('guest-registration', null, 'basic', { nameEn: 'S' });
  scheduleDraftWrite('guest-registration', null, 'basic', { nameEn: 'Se' });
  expect(stored()).toBeNull();
  expect(readDraft('guest-registration', null, 'basic')).toEqual({ nameEn: 'Se' });
  vi.advanceTimersByTime(1000);
  expect(JSON.parse(stored() ?? 'null')).toEqual({ nameEn: 'Se' });
});

it('writes a pending draft when the page is hidden (reload, closed tab)', () => {
  scheduleDraftWrite('guest-registration', null, 'basic', { nameEn: 'Senior' });
  window.dispatchEvent(new Event('pagehide'));
  expect(JSON.parse(stored() ?? 'null')).toEqual({ nameEn: 'Senior' });
});

it('a saved step (clearDraft) or a logout (clearAllDrafts) leaves no late write behind', () => {
  scheduleDraftWrite('guest-registration', null, 'basic', { nameEn: 'Senior' });
  clearDraft('guest-registration', null, 'basic');
  vi.advanceTimersByTime(1000);
  expect(stored()).toBeNull();
  expect(readDraft('guest-registration', null, 'basic')).toBeNull();

  scheduleDraftWrite('guest-registration', null, 'basic', { idNumber: '370202199001011234' });
  clearAllDrafts();
  vi.advanceTimersByTime(1000);
  expect(stored()).toBeNull();
});
