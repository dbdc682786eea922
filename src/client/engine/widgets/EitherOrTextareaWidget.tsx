import { Widgets } from '@rjsf/mui';
import type { WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';

// the theme's own textarea (the MUI theme always defines it)
const TextareaWidget = Widgets.TextareaWidget as ComponentType<WidgetProps>;

/**
 * A textarea that is required only while a sibling is missing (an if/then in the schema, such
 * as "a wish message unless there is a logo"): no asterisk, since the field alone is not
 * required; the schema's message still says what is missing on submit.
 */
export function EitherOrTextareaWidget(props: WidgetProps) {
  return <TextareaWidget {...props} required={false} />;
}
