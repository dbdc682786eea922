/**
 * Issue 28: a registrant form renders the version organisers published in the console, and a
 * form open across a publish switches to it. The API is mocked at the client's endpoint layer;
 * the live version's validator module is the real thing: compiled from its bundled schema as the
 * server compiles it (validatorFactoryModule), written to a file and imported by the engine's
 * loader (form-validator-module.ts), as the browser imports it from its same-origin URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveForm, LiveFormVersions } from '../../src/shared/form-versions-api';
import { validatorFactoryModule } from '../../src/shared/form-rules/validator-code';
import type { WishRecord } from '../../src/shared/wish-api';
import { formVersionsApi } from '../../src/client/api/form-versions-endpoints';
import { wishApi } from '../../src/client/api/wish-endpoints';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import { forgetLiveVersions, LIVE_CHECK_INTERVAL_MS } from '../../src/client/engine/live-forms';
import type { FormDeclaration } from '../../src/client/engine/screen-types';

vi.setConfig({ testTimeout: 90_000 });

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

const bundled = readJson('src/generated/schemas/good-wishes.json');
const BUILD_VERSION = bundled['x-version'] as number;

/** good-wishes as published after the build: a new required field `slogan`. */
function publishedWishes(): LiveForm {
  const schema = structuredClone(bundled) as Record<string, unknown> & { properties: Record<string, unknown>; required?: string[] };
  schema['x-version'] = BUILD_VERSION + 1;
  schema.properties.slogan = { type: 'string', minLength: 1, maxLength: 50, 'x-i18n': 'schema.fields.slogan' };
  schema.required = ['slogan'];
  // inside the project: the test runner imports only from there (a browser, from its own origin)
  // (test-artifacts/ is ignored by git, lint and prettier)
  fs.mkdirSync(path.join(root, 'test-artifacts'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'test-artifacts', 'live-form-'));
  const file = path.join(dir, 'good-wishes-validators.js');
  fs.writeFileSync(file, validatorFactoryModule(schema, '// test module'));
  return {
    name: 'good-wishes',
    version: BUILD_VERSION + 1,
    schema,
    uiSchemas: { 'good-wishes': readJson('ui-schemas/good-wishes.json') },
    labels: { 'zh-CN': { 'schema.fields.slogan': '大会口号' }, en: { 'schema.fields.slogan': 'Summit slogan' } },
    validator: { sha256: 'f'.repeat(64), url: file, rootKey: String(schema.$id) },
  };
}

const published = publishedWishes();

function versions(goodWishes: number): LiveFormVersions {
  return {
    guest: 1,
    'entourage-member': 1,
    'attendance-intention': 1,
    itinerary: 1,
    'epidemic-prevention': 1,
    unit: 1,
    'temporary-registration': 1,
    'good-wishes': goodWishes,
  };
}

/** the new field's message (under the field, outside its text box) */
const sloganError = () => document.getElementById('root_slogan__error');

function renderWishForm() {
  const declaration = findDeclaration('good-wishes') as FormDeclaration;
  return render(
    <MemoryRouter>
      <DeclaredForm declaration={declaration} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  forgetLiveVersions();
  vi.spyOn(wishApi, 'myWish').mockResolvedValue(null as unknown as WishRecord);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

afterAll(() => fs.rmSync(path.dirname(published.validator.url), { recursive: true, force: true }));

describe('a registrant form and the live version of its form', () => {
  it("renders the build's form when the live version is the build's, with nothing but the versions downloaded", async () => {
    const live = vi.spyOn(formVersionsApi, 'liveVersions').mockResolvedValue(versions(BUILD_VERSION));
    const form = vi.spyOn(formVersionsApi, 'liveQuiet').mockResolvedValue(published);
    renderWishForm();
    await screen.findByLabelText(/祝福语/);
    expect(live).toHaveBeenCalledTimes(1);
    expect(form).not.toHaveBeenCalled();
    expect(screen.queryByLabelText(/大会口号/)).toBeNull();
  });

  it('renders the published version when it is not the build’s: its new field, its label, its validator', async () => {
    vi.spyOn(formVersionsApi, 'liveVersions').mockResolvedValue(versions(BUILD_VERSION + 1));
    const form = vi.spyOn(formVersionsApi, 'liveQuiet').mockResolvedValue(published);
    const save = vi.spyOn(wishApi, 'saveMyWish').mockResolvedValue({} as WishRecord);
    renderWishForm();
    const slogan = await screen.findByLabelText(/大会口号/);
    expect(form).toHaveBeenCalledWith('good-wishes');
    fireEvent.change(screen.getByLabelText(/祝福语/), { target: { value: '祝峰会圆满成功' } });
    // the live validator refuses the document without the new required field
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(sloganError()).toHaveTextContent('此项为必填项'));
    expect(slogan).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(slogan, { target: { value: '合作共赢' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ wishMessage: '祝峰会圆满成功', slogan: '合作共赢' }));
  });

  it('switches an open form on a publish: says so, keeps what was typed, marks the new required field', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const live = vi.spyOn(formVersionsApi, 'liveVersions').mockResolvedValue(versions(BUILD_VERSION));
    vi.spyOn(formVersionsApi, 'liveQuiet').mockResolvedValue(published);
    renderWishForm();
    const message = await screen.findByLabelText(/祝福语/);
    fireEvent.change(message, { target: { value: '祝峰会圆满成功' } });
    expect(screen.queryByTestId('form-version-updated')).toBeNull();

    // the organiser publishes; the form's next check (every 30 s) sees it
    live.mockResolvedValue(versions(BUILD_VERSION + 1));
    // (the form's watch starts in an effect after it shows: the clock moves until a check has run;
    // not from inside waitFor, whose own polling interval is one of the faked timers)
    for (let tick = 0; tick < 20 && !screen.queryByTestId('form-version-updated'); tick++) {
      vi.advanceTimersByTime(LIVE_CHECK_INTERVAL_MS);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const notice = await screen.findByTestId('form-version-updated');
    expect(notice).toHaveTextContent('此表单已更新：您填写的内容已保留，请检查标出的项目后再保存。');
    const slogan = await screen.findByLabelText(/大会口号/);
    expect(screen.getByLabelText(/祝福语/)).toHaveValue('祝峰会圆满成功');
    await waitFor(() => expect(sloganError()).toHaveTextContent('此项为必填项'));
    expect(screen.getByLabelText(/大会口号/)).toHaveAttribute('aria-invalid', 'true');
    // the flag goes once the field is filled
    fireEvent.change(slogan, { target: { value: '合作共赢' } });
    await waitFor(() => expect(sloganError()).not.toHaveTextContent('此项为必填项'));
  });

  it('checks again when the window gets the focus back', async () => {
    const live = vi.spyOn(formVersionsApi, 'liveVersions').mockResolvedValue(versions(BUILD_VERSION));
    vi.spyOn(formVersionsApi, 'liveQuiet').mockResolvedValue(published);
    renderWishForm();
    await screen.findByLabelText(/祝福语/);
    live.mockResolvedValue(versions(BUILD_VERSION + 1));
    await waitFor(() => {
      forgetLiveVersions();
      fireEvent.focus(window);
      expect(screen.getByTestId('form-version-updated')).toBeInTheDocument();
    });
    expect(await screen.findByLabelText(/大会口号/)).toBeInTheDocument();
  });
});
