import type { Locator, Page } from 'playwright-core';

/** A resident ID number with a valid GB 11643 check digit (17 digits + check). */
export function residentId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return first17 + '10X98765432'.charAt(sum % 11);
}

/** Picks an option of an RJSF/MUI select by its visible text. */
export async function pickOption(page: Page, fieldId: string, optionText: string | RegExp): Promise<void> {
  await page.locator(`#${fieldId}`).click();
  await page.getByRole('option', { name: optionText }).click();
}

/** Uploads `buffer` through the upload widget of `rule` inside `scope`. */
export async function chooseFile(scope: Page | Locator, rule: string, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await scope.locator(`[data-testid=upload-${rule}] [data-testid=upload-input]`).setInputFiles({ name, mimeType, buffer });
}

/** Waits until the upload widget of `rule` shows either a preview (accepted) or an error (refused). */
export async function uploadOutcome(scope: Page | Locator, rule: string): Promise<'accepted' | string> {
  const widget = scope.locator(`[data-testid=upload-${rule}]`);
  const preview = widget.locator('[data-testid=upload-preview]');
  const error = widget.locator('[data-testid=upload-error]');
  await preview.or(error).first().waitFor({ timeout: 60_000 });
  if (await error.count()) return error.innerText();
  return 'accepted';
}

export interface Person {
  nameZh: string;
  idNumber: string;
  mobile: string;
  email?: string;
  position?: string;
}

/** The personal fields shared by the guest and entourage-member forms (inside `scope`). */
export async function fillPerson(page: Page, scope: Locator, person: Person): Promise<void> {
  // the separate ID-number consent (PIPL art. 29) is never ticked when the form opens
  const consent = scope.locator('#root_idNumberConsent');
  if (await consent.isChecked()) throw new Error('the ID-number consent was ticked when the form opened');
  await scope.locator('#root_nameZh').fill(person.nameZh);
  await scope.locator('#root_gender-0').check();
  await scope.locator('#root_nationality').fill('中国');
  await scope.locator('#root_idType').click();
  await page.getByRole('option', { name: '居民身份证' }).click();
  await scope.locator('#root_idNumber').fill(person.idNumber);
  if (await consent.isChecked()) throw new Error('the ID-number consent was ticked before the registrant ticked it');
  await consent.check();
  await scope.locator('#root_mobile').fill(person.mobile);
  if (person.email) await scope.locator('#root_email').fill(person.email);
  if (person.position) await scope.locator('#root_position').fill(person.position);
}

/** One leg of the itinerary form (arrival or return). */
export async function fillJourney(page: Page, leg: 'arrival' | 'return', day: string): Promise<void> {
  await page.locator(`#root_${leg}_transportMode-0`).check();
  await page.locator(`#root_${leg}_number`).fill(leg === 'arrival' ? 'MU5501' : 'MU5502');
  await page.locator(`#root_${leg}_departureTime`).fill(`${day}T08:00`);
  await page.locator(`#root_${leg}_departurePlace`).fill(leg === 'arrival' ? '上海虹桥机场' : '青岛胶东机场');
  await page.locator(`#root_${leg}_arrivalTime`).fill(`${day}T10:00`);
  await page.locator(`#root_${leg}_arrivalPlace`).fill(leg === 'arrival' ? '青岛胶东机场' : '上海虹桥机场');
}

/** Current wizard step id. */
export async function waitForStep(page: Page, step: string): Promise<void> {
  await page.locator(`[data-testid=wizard][data-step=${step}]`).waitFor({ timeout: 15_000 });
}

/**
 * On the organiser's edition settings screen: opens guest registration (and itinerary edits)
 * for any date, since config/edition.json holds next year's window and the tests run today.
 */
export async function fillOpenEditionWindow(page: Page): Promise<void> {
  await page.locator('#root_registrationStart').waitFor();
  await page.locator('#root_registrationStart').fill('2020-01-01');
  await page.locator('#root_registrationEnd').fill('2099-12-31');
  await page.locator('#root_itineraryDeadline').fill('2099-12-31');
}
