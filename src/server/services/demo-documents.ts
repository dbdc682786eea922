import { validateDocument } from '../../shared/validation.js';
import type { SchemaName } from '../../generated/registry.js';
import { schemaUnitType } from './unit-access.js';

/**
 * Documents of the demo data, built here and checked by the same precompiled validators as
 * every request: a seed that does not validate stops the start instead of showing an empty card.
 */
export function validSeed<T extends Record<string, unknown>>(schema: SchemaName, document: T): T {
  const result = validateDocument(schema, document);
  if (!result.valid) throw new Error(`demo ${schema} document does not validate: ${JSON.stringify(result.errors)}`);
  return document;
}

/** A complete unit document (unit schema) for a demo unit of the given stored type. */
export function demoUnitDocument(storedUnitType: string, name: string, contactName: string): Record<string, unknown> {
  const unitType = schemaUnitType(storedUnitType);
  const common = {
    unitType,
    orgNameZh: name,
    contactName,
    contactGender: 'female',
    contactMobile: '13800000000',
    contactEmail: 'contact@demo.example.com',
    nationality: '中国',
  };
  const byType: Record<string, Record<string, unknown>> = {
    enterprise: { socialCreditCode: '91370200MA3C000000', companyAddress: '山东省青岛市市南区香港中路 1 号', enterpriseType: '外资企业' },
    government: { governmentAddress: '山东省青岛市市南区香港中路 11 号' },
    media: { socialCreditCode: '12370200MB1D000000', companyAddress: '山东省青岛市市南区东海西路 2 号' },
  };
  return validSeed('unit', { ...common, ...byType[unitType] });
}

/** The demo special guest's registration (guest schema). */
export function demoGuestDocument(name: string, mobile: string, photo: string): Record<string, unknown> {
  return validSeed('guest', {
    nameZh: name,
    gender: 'male',
    nationality: '中国',
    mobile,
    email: 'guest@demo.example.com',
    position: '特邀嘉宾',
    attendanceForm: 'in-person',
    idType: 'resident-id',
    idNumber: '370202197503150078',
    photo,
  });
}
