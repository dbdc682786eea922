import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFileAsDataUrl } from '../../src/client/engine/uploads/upload-request';

/**
 * A stored picture's preview is fetched in the background when a form opens (use-upload-field)
 * and on the guest record: a failure must show no preview, never reject unhandled.
 */
describe('preview of a stored file', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers null when the request fails on the network', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchFileAsDataUrl('f1')).resolves.toBeNull();
  });

  it("answers null when the file is not the caller's to read", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 404 })));
    await expect(fetchFileAsDataUrl('f1')).resolves.toBeNull();
  });

  it('answers the file as a data: URL with its type', async () => {
    // the page's own Blob (jsdom's FileReader reads no other)
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue({ ok: true, headers: new Headers(), blob: async () => new Blob(['png'], { type: 'image/png' }) }),
    );
    await expect(fetchFileAsDataUrl('f1')).resolves.toEqual({ dataUrl: 'data:image/png;base64,cG5n', mime: 'image/png' });
  });
});
