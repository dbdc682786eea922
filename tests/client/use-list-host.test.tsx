import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListHost, type ListHostOptions } from '../../src/client/engine/use-list-host';

describe('useListHost', () => {
  it('keeps the host while its options keep their values, though the callbacks are new literals', () => {
    const filters = { category: 'city' };
    const { result, rerender } = renderHook((options: ListHostOptions) => useListHost(options), {
      initialProps: { embedded: true, filters, onEvent: () => undefined },
    });
    const first = result.current.host;
    rerender({ embedded: true, filters, onEvent: () => undefined });
    expect(result.current.host).toBe(first);
    rerender({ embedded: true, filters: { category: 'main' }, onEvent: () => undefined });
    expect(result.current.host).not.toBe(first);
    expect(result.current.host.filters).toEqual({ category: 'main' });
  });

  it("calls the screen's latest callback", () => {
    const earlier = vi.fn();
    const later = vi.fn();
    const { result, rerender } = renderHook((options: ListHostOptions) => useListHost(options), { initialProps: { onEvent: earlier } });
    const host = result.current.host;
    rerender({ onEvent: later });
    host.onEvent?.('open', { id: 'a1' });
    expect(later).toHaveBeenCalledWith('open', { id: 'a1' });
    expect(earlier).not.toHaveBeenCalled();
  });

  it('gives only the callbacks the screen gave (without onChanged the list reloads itself)', () => {
    const { result } = renderHook(() => useListHost({ embedded: true, onLoaded: () => undefined }));
    expect(result.current.host.onLoaded).toBeTypeOf('function');
    expect(result.current.host.onChanged).toBeUndefined();
    expect(result.current.host.onEvent).toBeUndefined();
    expect(result.current.host.selection).toBeUndefined();
  });

  it('changes the reload signal on reload(), and the host with it', () => {
    const { result } = renderHook(() => useListHost({ embedded: true }));
    const before = result.current.host;
    act(() => result.current.reload());
    expect(result.current.host).not.toBe(before);
    expect(result.current.host.reloadSignal).toBe((before.reloadSignal ?? 0) + 1);
  });

  it('passes the selection through and follows the checked ids', () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook((selected: string[]) => useListHost({ selection: { selected, onChange } }), {
      initialProps: ['a'],
    });
    expect(result.current.host.selection).toEqual({ selected: ['a'], onChange });
    rerender(['a', 'b']);
    expect(result.current.host.selection?.selected).toEqual(['a', 'b']);
  });
});
