/**
 * The formats of SUITE MODE, imported by the standalone modules compiled from JSON-Schema-Test-Suite
 * groups (suite-compile.ts points ajv's `code.formats` here, as codegen points the app's at
 * src/shared/schema-formats.ts). Draft-07 makes `format` an annotation that a validator may check:
 * the formats draft-07 names are checked as ajv-formats checks them ("full" mode, the well-kept
 * library the plain-ajv baseline uses too), the app's own format names (mobile, landline, ...) as
 * the app checks them, and any other name is an annotation (ajv, strictSchema off, ignores it).
 * The app's own schemas keep the app's meaning of email/date/date-time (src/shared/schema-formats.ts).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { formats as appFormats } from '../../../../src/shared/formats.js';

export const schemaFormats = { ...appFormats, ...fullFormats };
