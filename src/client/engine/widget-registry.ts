import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { BufferedInputTemplate } from './widgets/BufferedInputTemplate';
import { EitherOrTextareaWidget } from './widgets/EitherOrTextareaWidget';
import { ImageCodeWidget } from './widgets/ImageCodeWidget';
import { lazyWidget } from './widgets/lazy-widget';
import { MessageCodeWidget } from './widgets/MessageCodeWidget';
import { ReservedFieldErrors } from './widgets/ReservedFieldErrors';
import { TypedDateTimeWidget, TypedDateWidget } from './widgets/TypedDateWidgets';
import { customWidgets, registerWidgets } from './widget-catalogue';

export { customWidgets, registerWidgets };

/** The engine's generic widgets, beside the features' ones (widget-catalogue.ts). */
Object.assign(customWidgets, {
  imageCode: ImageCodeWidget,
  // required only while a sibling is absent (if/then): no asterisk of its own
  eitherOrTextarea: EitherOrTextareaWidget,
  messageCode: MessageCodeWidget,
  // files are uploaded by the widget; the form keeps the file id (ui:options.rule names the rules)
  upload: lazyWidget(async () => (await import('./uploads/UploadWidget')).UploadWidget),
  // `ui:widget: datetime` and `format: date-time` both land here: Asia/Shanghai wall times,
  // typed year-month-day with the UI language's hint (a native input shows the browser's order)
  DateTimeWidget: TypedDateTimeWidget,
  // `ui:widget: date` and `format: date`
  DateWidget: TypedDateWidget,
} satisfies RegistryWidgetsType);

/**
 * Schema `description`s are notes for developers (English, untranslated): never shown. Help
 * text for people comes from the locales through `ui:help`.
 */
export const formTemplates: Partial<TemplatesType> = {
  DescriptionFieldTemplate: () => null,
  FieldErrorTemplate: ReservedFieldErrors,
  // a keystroke repaints its input, not the whole form (typing latency)
  BaseInputTemplate: BufferedInputTemplate,
};
