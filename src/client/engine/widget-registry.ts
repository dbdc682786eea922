import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ImageCodeWidget } from './widgets/ImageCodeWidget';
import { MessageCodeWidget } from './widgets/MessageCodeWidget';
import { ReservedFieldErrors } from './widgets/ReservedFieldErrors';

/** Custom widgets by name, merged into the theme's widgets (UI schemas use `ui:widget`). */
export const customWidgets: RegistryWidgetsType = {
  imageCode: ImageCodeWidget,
  messageCode: MessageCodeWidget,
};

/**
 * Schema `description`s are notes for developers (English, untranslated): never shown. Help
 * text for people comes from the locales through `ui:help`.
 */
export const formTemplates: Partial<TemplatesType> = {
  DescriptionFieldTemplate: () => null,
  FieldErrorTemplate: ReservedFieldErrors,
};
