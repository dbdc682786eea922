/**
 * A valid guest document (guest schema) around the given ID number and photo upload id.
 * Free of test-runner imports: the guest benchmarks use it too.
 */
export function guestBody(idNumber: string, photo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nameZh: '张三',
    nameEn: 'Zhang San',
    gender: 'male',
    nationality: '中国',
    mobile: '13812345678',
    email: 'zhang.san@example.com',
    position: '总经理',
    attendanceForm: 'in-person',
    idType: 'resident-id',
    idNumber,
    photo,
    ...extra,
  };
}
