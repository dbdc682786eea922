/**
 * The read-only guest screens show what the schemas hold: the unit's guest detail shows the
 * stored photo as the picture (fetched through the authenticated file download), the
 * organiser's record shows each entourage member's fields with their labels, and a field whose
 * schema wraps its reference in allOf keeps its label in both languages.
 */
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { ensureNamespaces } from '../../src/client/i18n/i18n-setup';
import { translatedUiSchema } from '../../src/client/engine/ui-schema-i18n';
import GuestDetailScreen from '../../src/client/screens/guests/GuestDetailScreen';
import GuestRecordScreen from '../../src/client/screens/guests/GuestRecordScreen';
import { currentGuestDocument, currentMemberDocument, currentVersion, guestDetail } from './fixtures/guest-fixtures';

const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('zh-CN');
});

function renderAt(path: string, route: string, element: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the unit's guest detail", () => {
  it('shows the stored photo as the picture, fetched from the file route with the session', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(String(url));
        // the page's own Blob (jsdom's FileReader reads no other)
        return { ok: true, headers: new Headers(), blob: async () => new Blob([JPEG_BYTES], { type: 'image/jpeg' }) };
      }),
    );
    vi.spyOn(guestApi, 'guest').mockResolvedValue(
      guestDetail({ id: 'g1', nameZh: '张三', document: currentGuestDocument({ nameZh: '张三', photo: 'photo-file-1' }) }),
    );
    renderAt('/guests/g1', '/guests/:id', <GuestDetailScreen />);
    const basic = await screen.findByTestId('detail-basic');
    const picture = await within(basic).findByTestId('stored-picture');
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('alt', '照片');
    expect(picture.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(fetched.some((url) => url.includes('photo-file-1'))).toBe(true);
    // the photo's row holds the picture, not the words "uploaded"
    expect(basic.querySelector('[data-field="/photo"]')).not.toHaveTextContent('已上传');
  });
});

describe("the organiser's guest record", () => {
  it("shows each entourage member's fields with their labels, beside the member's travel", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    const member = {
      id: 'm1',
      document: currentMemberDocument({ nameZh: '李四', position: '秘书', email: 'li@example.com', gender: 'female' }),
      idNumberMasked: '370202********1234',
      idNumberConsent: null,
      schemaVersion: currentVersion('entourage-member'),
    };
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(guestDetail({ id: 'g1', entourage: [member] }));
    renderAt('/admin/guests/g1', '/admin/guests/:id', <GuestRecordScreen />);
    const details = await screen.findByTestId('member-details');
    expect(details).toHaveTextContent('随行人员信息');
    const value = (field: string) => details.querySelector(`[data-field="/${field}"]`);
    await within(details).findByText('职务');
    expect(value('position')).toHaveTextContent('秘书');
    expect(within(details).getByText('电子邮箱')).toBeInTheDocument();
    expect(value('email')).toHaveTextContent('li@example.com');
    expect(value('gender')).toHaveTextContent('女');
  });
});

describe('a field that wraps its reference in allOf', () => {
  const schema = {
    type: 'object',
    properties: { position: { allOf: [{ $ref: '#/definitions/personPosition' }], maxLength: 40 } },
    definitions: { personPosition: { type: 'string', maxLength: 100, 'x-i18n': 'schema.fields.position' } },
  } as RJSFSchema;

  it('keeps the label of the definition in both languages', async () => {
    expect((translatedUiSchema(schema).position as Record<string, unknown>)['ui:title']).toBe('职务');
    await i18next.changeLanguage('en');
    await ensureNamespaces(['schema']);
    expect((translatedUiSchema(schema).position as Record<string, unknown>)['ui:title']).toBe('Position');
  });
});
