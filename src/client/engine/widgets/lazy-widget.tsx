import CircularProgress from '@mui/material/CircularProgress';
import type { RegistryWidgetsType, UiSchema, WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

type Widget = ComponentType<WidgetProps>;
/** A lazy widget's loader, kept on the component so a form can load it before it shows. */
type PreloadableWidget = Widget & { preload?: () => Promise<Widget> };

function LoadingWidget() {
  const { t } = useTranslation();
  return <CircularProgress size={20} aria-label={t('common.loading')} />;
}

/**
 * A widget loaded with the first form that uses it: the sign-in forms share the widget
 * registry, so heavy widgets (uploads, guest-only calls) stay out of their initial bundle.
 * Forms load the widgets their UI schema names before they show (widgetsOfUiSchemaLoaded):
 * a widget arriving after the form did pushed every field below it down while the user was
 * already clicking there (a radio button moved 59 px between press and release in the e2e).
 */
export function lazyWidget(load: () => Promise<Widget>): Widget {
  let loaded: Widget | undefined;
  let loading: Promise<Widget> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (widget) => (loaded = widget),
      (error: unknown) => {
        loading = undefined; // a failed chunk may load on the next try
        throw error;
      },
    ));
  const Suspended = lazy(async () => ({ default: await preload() }));
  const LazyWidget: PreloadableWidget = function LazyWidget(props: WidgetProps) {
    // decided once per field: switching from the suspended tree to the loaded widget would remount it
    const [ready] = useState(() => loaded);
    if (ready) {
      const Loaded = ready;
      return <Loaded {...props} />;
    }
    return (
      <Suspense fallback={<LoadingWidget />}>
        <Suspended {...props} />
      </Suspense>
    );
  };
  LazyWidget.preload = preload;
  return LazyWidget;
}

function widgetNames(uiSchema: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(uiSchema)) {
    for (const item of uiSchema) widgetNames(item, into);
  } else if (uiSchema && typeof uiSchema === 'object') {
    for (const [key, value] of Object.entries(uiSchema)) {
      if (key === 'ui:widget' && typeof value === 'string') into.add(value);
      else widgetNames(value, into);
    }
  }
  return into;
}

/** Loads the lazy widgets a UI schema names (`ui:widget`), so its form shows whole at once. */
export async function widgetsOfUiSchemaLoaded(uiSchema: UiSchema, widgets: RegistryWidgetsType): Promise<void> {
  const loads = [...widgetNames(uiSchema, new Set())].map((name) => (widgets[name] as PreloadableWidget | undefined)?.preload?.());
  await Promise.all(loads);
}
