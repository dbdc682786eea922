import CircularProgress from '@mui/material/CircularProgress';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A widget loaded with the first form that uses it: the sign-in forms share the widget
 * registry, so heavy widgets (uploads, guest-only calls) stay out of their initial bundle.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    const { t } = useTranslation();
    return (
      <Suspense fallback={<CircularProgress size={20} aria-label={t('common.loading')} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
