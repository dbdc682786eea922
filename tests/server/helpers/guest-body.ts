/**
 * A valid guest document (guest schema) around the given ID number and photo upload id, built
 * by the schema-driven factory: only what makes one guest differ from another is written here
 * (ID number, photo, mobile), every other required field comes from the schema, so a new
 * form version's required field needs no edit here. Free of test-runner imports: the guest
 * benchmarks use it too. The mobile follows the ID number: a guest's mobile is its sign-in
 * name, so two units may not share one (issue 11, defect 10).
 */
import { buildRecord } from '../../support/record-factory.js';

export function guestMobileFor(idNumber: string): string {
  return `138${idNumber.replace(/\D/g, '').slice(-9, -1).padStart(8, '0')}`;
}

export function guestBody(idNumber: string, photo: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return buildRecord('guest', { idNumber, photo, mobile: guestMobileFor(idNumber), ...extra });
}
