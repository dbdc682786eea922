import { describe, expect, it } from 'vitest';
import { formats, formatNames, isFormatName, isValidResidentId, residentIdCheckChar } from '../../src/shared/formats';

function accepts(name: keyof typeof formats, values: string[]): void {
  for (const value of values) expect(formats[name](value), `${name} should accept ${JSON.stringify(value)}`).toBe(true);
}
function rejects(name: keyof typeof formats, values: string[]): void {
  for (const value of values) expect(formats[name](value), `${name} should reject ${JSON.stringify(value)}`).toBe(false);
}

describe('formats', () => {
  it('exports exactly the named formats of the contract', () => {
    expect([...formatNames].sort()).toEqual(
      [
        'cn-resident-id',
        'email',
        'external-link',
        'landline',
        'latin-person-name',
        'mobile',
        'password',
        'person-name',
        'verify-code',
      ].sort(),
    );
    expect(isFormatName('mobile')).toBe(true);
    expect(isFormatName('toString')).toBe(false);
  });

  it('mobile: optional +86/0086, then 1, 3-9, 9 digits', () => {
    accepts('mobile', ['13812345678', '19912345678', '+8613812345678', '008615012345678']);
    rejects('mobile', ['12812345678', '1381234567', '138123456789', '+85213812345678', '86 13812345678', '1381234567a', '']);
  });

  it('landline: optional area code and dash, 7-8 digits, optional dash extension', () => {
    accepts('landline', ['1234567', '12345678', '010-12345678', '0531-8888888', '0531-88888888-123']);
    rejects('landline', ['123456', '123456789', '010 12345678', '10-12345678', '010-12345678-', '010-12345678-1234567', '(010)12345678']);
  });

  it('email: standard pattern', () => {
    accepts('email', ['a@b.cn', 'first.last+tag@mail.example.com', "o'neil@x-y.org"]);
    rejects('email', ['plain', 'a@b', '@b.cn', 'a@.cn', 'a b@c.cn', 'a@b.c', 'a@-b.cn', `${'a'.repeat(250)}@b.cn`]);
  });

  it('latin-person-name: capitalised Latin words only (temporary registration)', () => {
    accepts('latin-person-name', ['John', 'John Smith', 'Mary Ann McDonald']);
    rejects('latin-person-name', ['张三', '阿卜杜拉·阿齐兹', 'john', 'John  Smith', 'J0hn', '']);
  });

  it('person-name: capitalised Latin words or Chinese with middle dot', () => {
    accepts('person-name', ['John', 'John Smith', 'Mary Ann McDonald', '张三', '阿卜杜拉·阿齐兹', '买买提·艾力·吾守尔']);
    rejects('person-name', [
      'john',
      'John  Smith',
      ' John',
      'John ',
      'John smith',
      '张三·',
      '·张三',
      '张··三',
      '张 三',
      'John张',
      'J0hn',
      '',
    ]);
  });

  it('password: 8-20, four classes, no triple repeat, no ascending run of 3', () => {
    accepts('password', ['Aa1!Bb2@', 'Xq9#mz7$Lp', 'Ab1!'.repeat(5), 'Ab1!aCb2', 'Acb1!Acb1', 'Ab1!Ba10']);
    rejects('password', [
      'Aa1!Bb2', // 7 chars
      'Ab1!Ab1!Ab1!Ab1!Ab1!x', // 21 chars
      'aa1!bb2@', // no upper
      'AA1!BB2@', // no lower
      'Aa!!Bb@@', // no digit
      'Aa11Bb22', // no symbol
      'Aa1!bbb2', // bbb
      'Aa1!!!b2', // !!!
      'Abc1!Xz9', // abc
      'Xa1!x789', // 789
      'aXYZ1!b2', // XYZ
      'Xa1!aBc9', // aBc (letters compare without case)
      'Aa1! Bb2', // space
      'Aa1!Bb2中', // non-ASCII
    ]);
  });

  it('password: descending or cross-class sequences are allowed', () => {
    accepts('password', ['Cba1!Qw9', 'Z[a1!Qw9', 'Aa9:;Qw1']);
  });

  it('verify-code: exactly 4 letters or digits', () => {
    accepts('verify-code', ['1234', 'aB3x']);
    rejects('verify-code', ['123', '12345', '12 4', '12-4', '']);
  });

  it('external-link: http, https, mailto or tel', () => {
    accepts('external-link', ['http://a.cn', 'https://example.com/x?y=1', 'mailto:a@b.cn', 'tel:+8653112345678', 'HTTPS://A.CN']);
    rejects('external-link', ['ftp://a.cn', 'www.example.com', 'javascript:alert(1)', 'http:', 'https://a b.cn', ' http://a.cn']);
  });
});

describe('resident ID (GB 11643)', () => {
  const today = new Date(Date.UTC(2026, 0, 1));

  it('computes the check character of known numbers', () => {
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
    expect(residentIdCheckChar('44052418800101001')).toBe('4');
  });

  it('accepts valid numbers (upper or lower case X)', () => {
    expect(isValidResidentId('11010519491231002X', today)).toBe(true);
    expect(isValidResidentId('11010519491231002x', today)).toBe(true);
    expect(isValidResidentId('440524188001010014', new Date())).toBe(false); // 1880 is before 1900
    expect(formats['cn-resident-id']('110105194912310021')).toBe(false);
  });

  it('rejects a wrong check digit, a bad date, a future date and a bad shape', () => {
    expect(isValidResidentId('110105194912310029', today)).toBe(false);
    expect(isValidResidentId('110105194902300021', today)).toBe(false); // 30 February
    expect(isValidResidentId('110105203001010010', today)).toBe(false); // born after "today"
    expect(isValidResidentId('01010519491231002X', today)).toBe(false); // area starts with 0
    expect(isValidResidentId('11010519491231002', today)).toBe(false); // 17 chars
    expect(isValidResidentId('1101051949123100211', today)).toBe(false); // 19 chars
  });

  it('accepts 29 February only in leap years', () => {
    const leap = `11010520000229001`;
    const notLeap = `11010519990229001`;
    expect(isValidResidentId(leap + residentIdCheckChar(leap), today)).toBe(true);
    expect(isValidResidentId(notLeap + residentIdCheckChar(notLeap), today)).toBe(false);
  });
});
