import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackHost } from '../../src/client/feedback/FeedbackHost';
import { askConfirm, showToast } from '../../src/client/feedback/feedback-store';
import { loadOrReload } from '../../src/client/router/lazy-screen';

describe('feedback host', () => {
  it('shows the 401 confirm dialog and resolves with the answer', async () => {
    render(<FeedbackHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = askConfirm({ title: '系统提示', message: '请重新登录', confirmLabel: '重新登录', cancelLabel: '取消' });
    });
    expect(await screen.findByText('请重新登录')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await expect(answer).resolves.toBe(true);
  });

  it('shows an error toast', async () => {
    render(<FeedbackHost />);
    act(() => showToast('网络请求错误', 'error', 2500));
    expect((await screen.findByTestId('toast')).textContent).toContain('网络请求错误');
  });
});

describe('chunk load failure', () => {
  it('reloads the target route once, then gives up with the error', async () => {
    window.history.pushState({}, '', '/myNotice?page=2');
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    void loadOrReload(failing, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith('/myNotice?page=2'));
    // after the reload the same failure is real: no loop
    await expect(loadOrReload(failing, reload)).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('loads normally when the chunk is there', async () => {
    await expect(loadOrReload(async () => 'module', vi.fn())).resolves.toBe('module');
  });
});
