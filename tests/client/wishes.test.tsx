import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../src/shared/constants';
import type { WishRecord } from '../../src/shared/wish-api';
import { wishApi } from '../../src/client/api/wish-endpoints';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import type { FormDeclaration } from '../../src/client/engine/screen-types';
import { sendUpload, uploadTimeoutMs } from '../../src/client/engine/uploads/upload-request';
import DeclaredScreen from '../../src/client/engine/DeclaredScreen';

// forms load their schema, validator and lazy widgets as chunks: slow under a full parallel run
configure({ asyncUtilTimeout: 5000 });

// jsdom's Blob has no arrayBuffer(); the browser check reads the file head with it
if (!('arrayBuffer' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error ?? new Error('read failed'));
        reader.readAsArrayBuffer(this);
      });
    },
  });
}

afterEach(() => {
  FakeXhr.last = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** An XMLHttpRequest the test drives: progress, answer, abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  timeout = 0;
  status = 0;
  responseText = '';
  statusText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: FormData | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(data: unknown) {
    this.status = 200;
    this.responseText = JSON.stringify({ code: 200, msg: 'ok', data });
    this.onload?.();
  }
}

const mp4Head = () =>
  new Uint8Array([
    0,
    0,
    0,
    0x10,
    ...new TextEncoder().encode('ftypisom'),
    0,
    0,
    2,
    0,
    0,
    0,
    0,
    8,
    ...new TextEncoder().encode('mdat'),
    ...new Array(64).fill(0),
  ]);

function renderWishForm() {
  const declaration = findDeclaration('good-wishes') as FormDeclaration;
  expect(declaration).toMatchObject({ kind: 'form', schema: 'good-wishes', load: 'myWish', submit: 'saveMyWish' });
  return render(
    <MemoryRouter>
      <DeclaredForm declaration={declaration} />
    </MemoryRouter>,
  );
}

describe('message of good wishes screen', () => {
  it('asks for a logo or a wish message before anything is sent, then saves the message', async () => {
    vi.spyOn(wishApi, 'myWish').mockResolvedValue(null);
    const save = vi.spyOn(wishApi, 'saveMyWish').mockResolvedValue({} as WishRecord);
    renderWishForm();
    const message = await screen.findByLabelText(/祝福语/);
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('请上传标志或填写祝福语（至少一项）')).toBeInTheDocument();
    // issue 19 item 13: the field's own message only, no form-level "invalid value" beside it
    expect(document.body.textContent).not.toContain('内容不正确');
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(message, { target: { value: '祝峰会圆满成功' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ wishMessage: '祝峰会圆满成功' }));
  });

  // issue 19 item 13: a logo alone is enough, so 祝福语 carries no asterisk of its own
  it('does not mark the wish message required', async () => {
    vi.spyOn(wishApi, 'myWish').mockResolvedValue(null);
    renderWishForm();
    const message = await screen.findByLabelText(/祝福语/);
    expect(message).not.toBeRequired();
    expect(message.closest('.MuiFormControl-root')?.querySelector('.MuiFormLabel-asterisk')).toBeNull();
  });

  it('shows the saved message and an upload field per file (logo, video, audio)', async () => {
    vi.spyOn(wishApi, 'myWish').mockResolvedValue({ document: { wishMessage: '合作共赢' } } as unknown as WishRecord);
    renderWishForm();
    expect(await screen.findByDisplayValue('合作共赢')).toBeInTheDocument();
    for (const rule of ['logo', 'wishVideo', 'wishAudio']) expect(await screen.findByTestId(`upload-${rule}`)).toBeInTheDocument();
  });

  // issue 19 item 11: a reopened form names its saved files, never their ids
  it('names the saved logo, video and audio by their file names when the form is reopened', async () => {
    const ids = {
      logo: '5f0c7a52-3a4e-4f43-9d1e-0c6a3c1d2b11',
      video: '6a1d8b63-4b5f-4a54-8e2f-1d7b4d2e3c22',
      audio: '7b2e9c74-5c60-4b65-9f30-2e8c5e3f4d33',
    };
    const names: Record<string, string> = { [ids.logo]: 'logo.eps', [ids.video]: '祝福视频.mp4', [ids.audio]: 'wish.mp3' };
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const id = /qms\/file\/([^/]+)\/info$/.exec(String(input))?.[1] ?? '';
      if (!names[id]) return new Response(JSON.stringify({ code: 404, msg: '文件不存在', data: null }), { status: 404 });
      return new Response(
        JSON.stringify({
          code: 200,
          msg: 'ok',
          data: { id, name: names[id], mime: 'application/octet-stream', bytes: 10, width: null, height: null },
        }),
        { status: 200 },
      );
    });
    vi.spyOn(wishApi, 'myWish').mockResolvedValue({ document: { wishMessage: '合作共赢', ...ids } } as unknown as WishRecord);
    const { container } = renderWishForm();
    for (const [rule, name] of [
      ['logo', 'logo.eps'],
      ['wishVideo', '祝福视频.mp4'],
      ['wishAudio', 'wish.mp3'],
    ] as const) {
      const field = await screen.findByTestId(`upload-${rule}`);
      expect(await within(field).findByText(`已上传：${name}`)).toBeInTheDocument();
    }
    for (const id of Object.values(ids)) expect(container.textContent).not.toContain(id);
    expect(fetched).toHaveBeenCalledWith(`/exhibition/qms/file/${ids.logo}/info`, expect.anything());
  });

  it('shows a saved file it cannot name as uploaded, not as its id', async () => {
    const id = '8c3fad85-6d71-4c76-8a41-3f9d6f4a5e44';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 404, msg: '文件不存在', data: null }), { status: 404 }),
    );
    vi.spyOn(wishApi, 'myWish').mockResolvedValue({ document: { video: id } } as unknown as WishRecord);
    const { container } = renderWishForm();
    const field = await screen.findByTestId('upload-wishVideo');
    expect(await within(field).findByText('已上传的文件')).toBeInTheDocument();
    expect(container.textContent).not.toContain(id);
  });

  it('shows the progress of a large video with the bytes sent, and cancels it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.spyOn(wishApi, 'myWish').mockResolvedValue(null);
    renderWishForm();
    const field = await screen.findByTestId('upload-wishVideo');
    const video = new File([mp4Head(), new Uint8Array(40 * 1024 * 1024)], 'wish.mp4', { type: 'video/mp4' });
    fireEvent.change(within(field).getByTestId('upload-input'), { target: { files: [video] } });
    await waitFor(() => expect(FakeXhr.last?.sent).toBeTruthy());
    expect(FakeXhr.last!.sent!.get('rule')).toBe('wishVideo');
    expect(FakeXhr.last!.timeout).toBe(uploadTimeoutMs(video.size));

    FakeXhr.last!.progress(16 * 1024 * 1024, 40 * 1024 * 1024);
    const bar = await within(field).findByRole('progressbar', { name: /视频/ });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(field).getByTestId('upload-progress')).toHaveTextContent('已上传 16 MB / 40 MB');

    fireEvent.click(within(field).getByTestId('upload-cancel'));
    expect(FakeXhr.last!.aborted).toBe(true);
    await waitFor(() => expect(within(field).queryByTestId('upload-progress')).toBeNull());
    expect(within(field).queryByTestId('upload-error')).toBeNull();
  });

  it('keeps the uploaded video id in the form when the upload completes', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.spyOn(wishApi, 'myWish').mockResolvedValue({ document: { wishMessage: '祝福' } } as unknown as WishRecord);
    const save = vi.spyOn(wishApi, 'saveMyWish').mockResolvedValue({} as WishRecord);
    renderWishForm();
    const field = await screen.findByTestId('upload-wishVideo');
    fireEvent.change(within(field).getByTestId('upload-input'), { target: { files: [new File([mp4Head()], 'wish.mp4')] } });
    await waitFor(() => expect(FakeXhr.last?.sent).toBeTruthy());
    FakeXhr.last!.answer({ id: 'video-1', name: 'wish.mp4', mime: 'video/mp4', bytes: 80, width: null, height: null, notChecked: [] });
    expect(await within(field).findByText(/wish\.mp4/)).toBeInTheDocument();
    // enabled in the same paint as the finished file's name (a click on a disabled button is lost)
    expect(screen.getByTestId('submit')).toBeEnabled();
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ wishMessage: '祝福', video: 'video-1' }));
  });
});

describe('upload request', () => {
  it('reports percent and bytes, and waits longer than the request timeout only for large files', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    expect(uploadTimeoutMs(1024)).toBe(REQUEST_TIMEOUT_MS);
    expect(uploadTimeoutMs(100 * 1024 * 1024)).toBe(800_000);
    const seen: number[][] = [];
    const { done } = sendUpload(new File(['x'], 'a.mp3'), 'wishAudio', (...args) => seen.push(args));
    FakeXhr.last!.progress(1, 4);
    FakeXhr.last!.answer({ id: 'a1' });
    await expect(done).resolves.toMatchObject({ id: 'a1' });
    expect(seen).toEqual([[25, 1, 4]]);
  });
});

describe('organisers: messages of good wishes', () => {
  it('lists each unit with its message and a download per file', async () => {
    vi.spyOn(wishApi, 'wishPage').mockResolvedValue({
      records: [
        {
          id: 'w1',
          unitId: 'u1',
          unitName: '示例跨国企业有限公司',
          document: { wishMessage: '祝峰会圆满成功', logo: 'f1' },
          schemaVersion: 2,
          files: { logo: { id: 'f1', name: 'logo.eps', mime: 'application/postscript', bytes: 2048 } },
          createdAt: '2027-06-01T04:00:00.000Z',
          updatedAt: '2027-06-01T04:00:00.000Z',
        },
        {
          id: 'w2',
          unitId: 'u2',
          unitName: '示例市政府',
          document: { logo: 'f2' },
          schemaVersion: 2,
          files: {},
          createdAt: '2027-06-01T03:00:00.000Z',
          updatedAt: '2027-06-01T03:00:00.000Z',
        },
      ],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('%!PS', { status: 200 }));
    // jsdom has no object URLs
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    render(
      <MemoryRouter>
        <DeclaredScreen id="WishList" />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('wish-row');
    expect(rows[0]).toHaveTextContent('示例跨国企业有限公司');
    expect(rows[0]).toHaveTextContent('2027-06-01 12:00:00');
    expect(rows[1]).toHaveTextContent('（仅标志）');
    const button = within(rows[0]!).getByTestId('wish-download-logo');
    expect(button).toHaveTextContent('下载标志：logo.eps');
    // issue 19 item 11: a file name is shown in its own case (a button would upper-case it)
    expect(getComputedStyle(button).textTransform).not.toBe('uppercase');
    fireEvent.click(button);
    await waitFor(() => expect(fetched).toHaveBeenCalledWith('/exhibition/qms/file/f1', expect.anything()));
  });
});
