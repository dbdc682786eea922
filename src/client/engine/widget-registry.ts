import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { EitherOrTextareaWidget } from './widgets/EitherOrTextareaWidget';
import { ImageCodeWidget } from './widgets/ImageCodeWidget';
import { lazyWidget } from './widgets/lazy-widget';
import { MessageCodeWidget } from './widgets/MessageCodeWidget';
import { ReservedFieldErrors } from './widgets/ReservedFieldErrors';
import { TypedDateTimeWidget, TypedDateWidget } from './widgets/TypedDateWidgets';

/**
 * Custom widgets by name, merged into the theme's widgets (UI schemas use `ui:widget`): the
 * engine's generic ones here, the features' ones handed over at start (registerCatalogue).
 */
export const customWidgets: RegistryWidgetsType = {
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
};

export function registerWidgets(widgets: RegistryWidgetsType): void {
  Object.assign(customWidgets, widgets);
}

/**
 * Schema `description`s are notes for developers (English, untranslated): never shown. Help
 * text for people comes from the locales through `ui:help`.
 */
export const formTemplates: Partial<TemplatesType> = {
  DescriptionFieldTemplate: () => null,
  FieldErrorTemplate: ReservedFieldErrors,
};
