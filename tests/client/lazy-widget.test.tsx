import type { WidgetProps } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWidget, widgetsOfUiSchemaLoaded } from '../../src/client/engine/widgets/lazy-widget';

/** A widget whose own state shows whether it was mounted again. */
function CountingWidget({ id }: WidgetProps) {
  const [mountedAt] = useState(() => Math.random());
  return <span data-testid={`widget-${id}`} data-mounted-at={mountedAt} />;
}

const slowly = () =>
  vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return CountingWidget;
  });

const props = (id: string) => ({ id }) as WidgetProps;

describe('lazy widgets', () => {
  it('loads the widgets a UI schema names at any depth, and only those', async () => {
    const [top, nested, inItems, unused] = [slowly(), slowly(), slowly(), slowly()];
    const widgets = {
      top: lazyWidget(top),
      nested: lazyWidget(nested),
      inItems: lazyWidget(inItems),
      unused: lazyWidget(unused),
      text: CountingWidget,
    };
    await widgetsOfUiSchemaLoaded(
      {
        a: { 'ui:widget': 'top' },
        b: { c: { 'ui:widget': 'nested' } },
        list: { items: [{ 'ui:widget': 'inItems' }] },
        d: { 'ui:widget': 'text' },
        e: { 'ui:widget': 'missing' },
      },
      widgets,
    );
    expect([top, nested, inItems, unused].map((load) => load.mock.calls.length)).toEqual([1, 1, 1, 0]);
  });

  it('shows a widget loaded beforehand on the first render, with no loading indicator', async () => {
    const Widget = lazyWidget(slowly());
    await widgetsOfUiSchemaLoaded({ f: { 'ui:widget': 'w' } }, { w: Widget });
    render(<Widget {...props('ready')} />);
    expect(screen.getByTestId('widget-ready')).toBeInTheDocument();
    expect(screen.queryByLabelText('加载中')).toBeNull();
  });

  it('shows a field rendered before its widget loaded as loading, then the widget, which a later render does not mount again', async () => {
    const Widget = lazyWidget(slowly());
    const { rerender } = render(<Widget {...props('late')} />);
    expect(screen.getByLabelText('加载中')).toBeInTheDocument();
    const first = (await screen.findByTestId('widget-late')).getAttribute('data-mounted-at');
    rerender(<Widget {...props('late')} />);
    expect(screen.getByTestId('widget-late').getAttribute('data-mounted-at')).toBe(first);
  });

  it('tries a failed chunk again on the next load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(CountingWidget);
    const widgets = { w: lazyWidget(load) };
    await expect(widgetsOfUiSchemaLoaded({ 'ui:widget': 'w' }, widgets)).rejects.toThrow('chunk failed');
    await widgetsOfUiSchemaLoaded({ 'ui:widget': 'w' }, widgets);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
