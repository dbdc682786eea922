/**
 * A valid guest document (guest schema) around the given ID number and photo upload id.
 * Free of test-runner imports: the guest benchmarks use it too. The mobile follows the ID number:
 * a guest's mobile is its sign-in name, so two units may not share one (issue 11, defect 10).
 */
export function guestBody(idNumber: string, photo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nameZh: '张三',
    nameEn: 'Zhang San',
    gender: 'male',
    nationality: '中国',
    mobile: `138${idNumber.replace(/\D/g, '').slice(-9, -1).padStart(8, '0')}`,
    email: 'zhang.san@example.com',
    position: '总经理',
    attendanceForm: 'in-person',
    idType: 'resident-id',
    idNumber,
    photo,
    ...extra,
  };
}
