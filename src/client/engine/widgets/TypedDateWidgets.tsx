import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type ChangeEvent } from 'react';
import { fromShanghaiLocal, toShanghaiLocal } from '../../../shared/shanghai-time';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { CalendarButton } from './CalendarButton';
import { parseTyped, shownTyped } from './typed-date';

interface Kind {
  withTime: boolean;
  /** stored value -> `YYYY-MM-DD` / `YYYY-MM-DDTHH:mm` ('' when none) */
  toLocal: (value: unknown) => string;
  /** that form -> the stored value */
  fromLocal: (local: string) => string | undefined;
}

/**
 * A date or date-time as text in the UI language's hint (typed-date.ts), with a calendar
 * button that opens the browser's picker on a hidden native input. Text that is no date yet is
 * handed to the form as typed, so the schema's format message names the problem.
 */
function TypedDateInput(props: WidgetProps & { kind: Kind }) {
  const t = useKeyTranslation();
  const { kind, value, onChange, options, registry, label, disabled, readonly } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const local = kind.toLocal(value);
  const [text, setText] = useState(() => shownTyped(local));

  // a value set from outside (loaded record, picker) shows as the text; what is typed stays
  useEffect(() => {
    setText((typed) => (parseTyped(typed, kind.withTime) === (local || null) ? typed : shownTyped(local)));
  }, [local, kind.withTime]);

  function typed(next: string) {
    setText(next);
    if (next.trim() === '') return onChange(options.emptyValue);
    const parsed = parseTyped(next, kind.withTime);
    onChange(parsed ? kind.fromLocal(parsed) : next);
  }

  const zone = kind.withTime ? ` (${t('client.timeZone.shanghai')})` : '';
  const hint = t(kind.withTime ? 'client.dateInput.dateTime' : 'client.dateInput.date');
  return (
    <BaseInputTemplate
      {...props}
      type="text"
      label={label ? `${label}${zone}` : label}
      placeholder={hint}
      value={text}
      onChangeOverride={(event: ChangeEvent<HTMLInputElement>) => typed(event.target.value)}
      InputLabelProps={{ shrink: true }}
      InputProps={{
        endAdornment:
          disabled || readonly ? undefined : (
            <CalendarButton withTime={kind.withTime} local={local} field={label ?? ''} onPicked={(picked) => typed(shownTyped(picked))} />
          ),
      }}
    />
  );
}

const DATE: Kind = {
  withTime: false,
  toLocal: (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''),
  fromLocal: (local) => local,
};

// every date-time is a Shanghai wall time (see shared/shanghai-time.ts)
const DATE_TIME: Kind = {
  withTime: true,
  // only a stored time (what typing produces is ISO with its offset); typed text stays text
  toLocal: (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? toShanghaiLocal(value) : ''),
  fromLocal: fromShanghaiLocal,
};

export function TypedDateWidget(props: WidgetProps) {
  return <TypedDateInput {...props} kind={DATE} />;
}

export function TypedDateTimeWidget(props: WidgetProps) {
  return <TypedDateInput {...props} kind={DATE_TIME} />;
}
