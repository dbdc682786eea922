import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../src/client/engine/SchemaForm';
import { AppBreadcrumbs } from '../../src/client/layout/AppBreadcrumbs';
import { ScreenFrame } from '../../src/client/router/ScreenFrame';
import { useRouteTitle } from '../../src/client/router/route-title';

/** The heading of the layouts, from the title the screen on show has set. */
function Chrome() {
  const title = useRouteTitle();
  const navigate = useNavigate();
  return (
    <>
      <AppBreadcrumbs />
      <h1 data-testid="heading">{title}</h1>
      <button type="button" onClick={() => navigate('/dashboard')}>
        signed in
      </button>
    </>
  );
}

describe('while a page loads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no title of the page before (a route not there yet after sign-in has none)', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Chrome />
        <Routes>
          <Route path="/login" element={<ScreenFrame titleKey="routes.login">{null}</ScreenFrame>} />
          {/* the menu routes (the dashboard) arrive after the sign-in */}
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('heading')).toHaveTextContent('登录'));
    fireEvent.click(screen.getByText('signed in'));
    await waitFor(() => expect(screen.getByTestId('breadcrumb')).toHaveTextContent(/^参会指南$/));
    expect(screen.getByTestId('heading')).toHaveTextContent(/^$/);
  });

  it("never shows a title's raw key while its texts load", async () => {
    const language = i18next.language;
    const texts = i18next.getResourceBundle(language, 'wish') as Record<string, unknown>;
    i18next.removeResourceBundle(language, 'wish');
    try {
      render(
        <MemoryRouter initialEntries={['/guests/g1/epidemic']}>
          <Chrome />
          <Routes>
            <Route path="/guests/:id/epidemic" element={<ScreenFrame titleKey="wish:epidemic.title">{null}</ScreenFrame>} />
          </Routes>
        </MemoryRouter>,
      );
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(document.body.textContent).not.toMatch(/epidemic\.title/);
      expect(screen.getByTestId('heading')).toHaveTextContent(/^$/);
      act(() => {
        i18next.addResourceBundle(language, 'wish', texts, true, true);
      });
      await waitFor(() => expect(screen.getByTestId('heading')).toHaveTextContent('防疫信息'));
      expect(screen.getByTestId('breadcrumb')).toHaveTextContent('参会指南/防疫信息');
    } finally {
      if (!i18next.hasResourceBundle(language, 'wish')) i18next.addResourceBundle(language, 'wish', texts, true, true);
    }
  });

  it('shows a stored file as being read, not as a nameless "uploaded file", until its name arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <SchemaForm schemaName="download" initial={{ title: '日程', category: 'agenda', file: 'f1' }} onSubmit={async () => undefined}>
        {null}
      </SchemaForm>,
    );
    const shown = await screen.findByTestId('upload-file-name');
    expect(shown).toHaveTextContent('正在读取文件信息…');
    expect(document.body.textContent).not.toMatch(/已上传的文件/);
    answer(new Response(JSON.stringify({ code: 200, msg: 'ok', data: { id: 'f1', name: '会议日程.pdf' } }), { status: 200 }));
    await waitFor(() => expect(screen.getByTestId('upload-file-name')).toHaveTextContent('已上传：会议日程.pdf'));
  });
});
