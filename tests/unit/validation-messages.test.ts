import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDocument, type FieldError } from '../../src/shared/validation.js';
import { messageKeyForAjvError, pointerForAjvError } from '../../src/shared/validation-messages.js';
import { buildRecord } from '../support/record-factory.js';

function errorsOf(result: ReturnType<typeof validateDocument>): FieldError[] {
  return result.valid ? [] : result.errors;
}

const registration = {
  userType: 'enterprise',
  account: '+8613812345678',
  name: '欧阳·娜娜',
  unitName: '某某有限公司',
  password: 'Qw!9zx8Lm',
  confirmPassword: 'Qw!9zx8Lm',
  code: 'a1B2',
  agreeTerms: true,
};

/** a guest with the fields these tests are about (ID type and number, photo); the rest from the schema */
const guest = buildRecord('guest', { idType: 'resident-id', idNumber: '11010519491231002X', photo: 'file_123' });

describe('validateDocument', () => {
  it('accepts valid documents', () => {
    expect(validateDocument('account-registration', registration)).toEqual({ valid: true });
    expect(validateDocument('guest', guest)).toEqual({ valid: true });
    expect(validateDocument('notice-page-query', { pageNum: '2', pageSize: '100' })).toEqual({ valid: true });
  });

  it('points a required error at the missing property, with the field-specific key when there is one', () => {
    const { agreeTerms: _a, unitName: _u, ...rest } = registration;
    expect(errorsOf(validateDocument('account-registration', rest))).toEqual(
      expect.arrayContaining([
        {
          pointer: '/agreeTerms',
          key: 'validation.agreeTerms',
          params: { missingProperty: 'agreeTerms' },
          label: 'schema.fields.agreeTerms',
        },
        {
          pointer: '/unitName',
          key: 'validation.unitNameRequired',
          params: { missingProperty: 'unitName' },
          label: 'schema.fields.unitName',
        },
      ]),
    );
    expect(errorsOf(validateDocument('sign-in-code', { code: 'abcd' }))).toEqual([
      { pointer: '/account', key: 'validation.required', params: { missingProperty: 'account' }, label: 'schema.fields.account' },
    ]);
  });

  it('uses field-specific format messages and generic maxLength with its limit', () => {
    const errors = errorsOf(
      validateDocument('liaison', {
        name: 'john smith',
        gender: 'male',
        phone: '12812345678',
        email: 'not-mail',
        nationality: 'x'.repeat(101),
        tel: '0531-1234',
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/name', key: 'validation.personName' }),
        { pointer: '/phone', key: 'validation.mobile', params: { format: 'mobile' }, label: 'schema.fields.mobile' },
        expect.objectContaining({ pointer: '/email', key: 'validation.email' }),
        expect.objectContaining({ pointer: '/tel', key: 'validation.landline' }),
        { pointer: '/nationality', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nationality' },
      ]),
    );
  });

  it('checks confirmation, new-differs-from-old and new-account rules from the schema', () => {
    expect(
      errorsOf(validateDocument('password-change', { oldPassword: 'Qw!9zx8Lm', password: 'Qw!9zx8Lm', confirmPassword: 'Qw!9zx8Ln' })),
    ).toEqual([
      { pointer: '/password', key: 'validation.passwordSameAsOld', params: { sibling: 'oldPassword' }, label: 'schema.fields.newPassword' },
      {
        pointer: '/confirmPassword',
        key: 'validation.passwordMismatch',
        params: { sibling: 'password' },
        label: 'schema.fields.confirmPassword',
      },
    ]);
    expect(errorsOf(validateDocument('account-change', { account: 'a@b.cn', newAccount: 'a@b.cn', code: '1234' }))).toEqual([
      { pointer: '/newAccount', key: 'validation.newAccountSameAsOld', params: { sibling: 'account' }, label: 'schema.fields.newAccount' },
    ]);
    expect(validateDocument('account-change', { account: 'a@b.cn', newAccount: '13812345678', code: '1234' }).valid).toBe(true);
  });

  it('rejects a weak password and an unticked terms box', () => {
    const errors = errorsOf(
      validateDocument('account-registration', { ...registration, password: 'abc12345', confirmPassword: 'abc12345', agreeTerms: false }),
    );
    expect(errors.map((e) => [e.pointer, e.key])).toEqual(
      expect.arrayContaining([
        ['/password', 'validation.password'],
        ['/agreeTerms', 'validation.agreeTerms'],
      ]),
    );
  });

  it('applies the GB 11643 check digit only to resident ID cards', () => {
    expect(errorsOf(validateDocument('guest', { ...guest, idNumber: '110105194912310021' }))).toEqual([
      { pointer: '/idNumber', key: 'validation.residentId', params: { format: 'cn-resident-id' }, label: 'schema.fields.idNumber' },
    ]);
    expect(validateDocument('guest', { ...guest, idType: 'passport', idNumber: 'E12345678' }).valid).toBe(true);
  });

  it('requires a logo or a wish message', () => {
    expect(errorsOf(validateDocument('good-wishes', {}))).toEqual([
      {
        pointer: '/wishMessage',
        key: 'validation.logoOrWish',
        params: { missingProperty: 'wishMessage' },
        label: 'schema.fields.wishMessage',
      },
    ]);
    expect(validateDocument('good-wishes', { logo: 'logo_1' }).valid).toBe(true);
    expect(validateDocument('good-wishes', { wishMessage: '祝大会圆满成功' }).valid).toBe(true);
  });

  it('refuses data URLs in upload fields and unknown properties', () => {
    const errors = errorsOf(validateDocument('guest', { ...guest, photo: 'data:image/jpeg;base64,AAAA', extra: 1 }));
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/photo', key: 'validation.fileRef' }),
        { pointer: '/extra', key: 'validation.additionalProperties', params: { additionalProperty: 'extra' } },
      ]),
    );
  });

  it('names the field of nested errors by its label, overriding the definition label', () => {
    const errors = errorsOf(validateDocument('itinerary', { arrival: { transportMode: 'flight' }, return: {} }));
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/arrival/arrivalPlace', key: 'validation.required', label: 'schema.fields.arrivalPlace' }),
        expect.objectContaining({ pointer: '/return/transportMode', key: 'validation.required', label: 'schema.fields.transportMode' }),
      ]),
    );
    const unit = errorsOf(validateDocument('unit', { contactMobile: 'x' }));
    expect(unit).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/contactMobile', label: 'schema.fields.contactMobile' })]),
    );
  });

  it('applies the unit type variants', () => {
    const unit = {
      unitType: 'enterprise',
      orgNameZh: '某某公司',
      contactName: 'Li Lei',
      contactGender: 'female',
      contactMobile: '13812345678',
      contactEmail: 'li@example.com',
      nationality: 'CN',
      orgProfile: 'x'.repeat(900),
    };
    const pointers = errorsOf(validateDocument('unit', unit)).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/socialCreditCode', '/companyAddress', '/orgProfile']));
    const government = { ...unit, unitType: 'government', governmentAddress: '济南市' };
    expect(validateDocument('unit', government)).toEqual({ valid: true });
  });
});

describe('messageKeyForAjvError with RJSF-shaped errors (no parentSchema)', () => {
  const root = JSON.parse(fs.readFileSync('src/generated/schemas/password-change.json', 'utf8')) as unknown;

  it('finds x-messages from schemaPath in the root schema', () => {
    expect(messageKeyForAjvError({ name: 'x-same-as', schemaPath: '#/properties/confirmPassword/x-same-as', params: {} }, root)).toBe(
      'validation.passwordMismatch',
    );
    expect(messageKeyForAjvError({ name: 'format', schemaPath: '#/definitions/password/format', params: {} }, root)).toBe(
      'validation.password',
    );
    expect(messageKeyForAjvError({ name: 'maxLength', schemaPath: '#/properties/x/maxLength', params: {} }, root)).toBe(
      'validation.maxLength',
    );
  });

  it('falls back to generic keys and escapes pointers', () => {
    expect(messageKeyForAjvError({ keyword: 'somethingNew' })).toBe('validation.invalid');
    expect(pointerForAjvError({ keyword: 'required', instancePath: '/a', params: { missingProperty: 'b/c' } })).toBe('/a/b~1c');
  });
});
