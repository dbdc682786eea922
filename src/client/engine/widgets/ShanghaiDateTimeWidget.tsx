import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { fromShanghaiLocal, toShanghaiLocal } from '../../../shared/shanghai-time';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * Replaces RJSF's DateTimeWidget, which reads `datetime-local` in the BROWSER's zone (an 08:00
 * typed in a UTC browser became 16:00 in Shanghai). Every date-time is a Shanghai wall time,
 * and the label says so.
 */
export function ShanghaiDateTimeWidget(props: WidgetProps) {
  const t = useKeyTranslation();
  const { onChange, value, options, registry, label } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const zone = t('client.timeZone.shanghai');
  return (
    <BaseInputTemplate
      {...props}
      type="datetime-local"
      label={label ? `${label} (${zone})` : label}
      value={toShanghaiLocal(value)}
      onChange={(next: string) => onChange(fromShanghaiLocal(next))}
    />
  );
}
