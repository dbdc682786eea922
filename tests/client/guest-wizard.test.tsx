import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { EditionAnswer } from '../../src/shared/guest-api';
import { ApiError } from '../../src/client/api/api-error';
import type { GuestDetail } from '../../src/shared/guest-api';
import { furthestReachable } from '../../src/client/engine/wizard/wizard-gates';
import type { WizardBinding } from '../../src/client/engine/wizard/wizard-types';
import { WizardRuntime } from '../../src/client/engine/wizard/WizardRuntime';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import { findWizard, guestWizardBinding } from '../../src/client/screens/guests/guest-wizard-binding';
import { guestStepAccess as stepAccess, guestStepDone, type GuestWizardContext } from '../../src/client/screens/guests/guest-wizard-gates';
import { guestDetail } from './fixtures/guest-fixtures';

// forms load their schema, validator and lazy widgets as chunks: slow under a full parallel run
configure({ asyncUtilTimeout: 5000 });

const declaration = findWizard('guest-registration');

const edition: EditionAnswer = {
  id: 'e1',
  year: 2027,
  name: '2027',
  // wide open: the tests run on any date
  registrationStart: '2020-01-01',
  registrationEnd: '2099-12-31',
  itineraryDeadline: '2027-09-28',
  conferenceStart: '2027-06-18',
  conferenceEnd: '2027-06-20',
  entourageCap: 2,
  guestRegistrationEnabled: true,
  signUpClosed: false,
  inviteCodeRequired: false,
  addGuestGate: { open: true },
};

const guest = guestDetail;

type GuestBinding = WizardBinding<GuestDetail, GuestWizardContext>;

/** A binding whose server holds `context` (the guest's own rules, as the real binding); saves are recorded and may be made to fail. */
function fakeBinding(context: GuestWizardContext, save: GuestBinding['save'] = async (_name, id) => id ?? 'g-new') {
  const saveSpy = vi.fn(save);
  const binding: GuestBinding = { ...guestWizardBinding, load: vi.fn(async () => context), save: saveSpy };
  return { binding, saveSpy };
}

function renderWizard(
  binding: GuestBinding,
  recordId: string | null,
  extra: Partial<Parameters<typeof WizardRuntime<GuestDetail, GuestWizardContext>>[0]> = {},
) {
  return render(
    <MemoryRouter>
      <WizardRuntime declaration={declaration} recordId={recordId} binding={binding} panels={{ entourage: EntourageManager }} {...extra} />
    </MemoryRouter>,
  );
}

async function currentStep(): Promise<string | null> {
  const wizard = await screen.findByTestId('wizard', {}, { timeout: 5000 });
  return wizard.getAttribute('data-step');
}

describe('guest registration wizard runtime', () => {
  it('shows the steps in the declared order and opens a new guest on basic information', async () => {
    const { binding } = fakeBinding({ edition, detail: null });
    renderWizard(binding, null);
    expect(await currentStep()).toBe('basic');
    const labels = within(screen.getByLabelText('报名进度'))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(labels).toEqual(['1基本信息', '2参会意向', '3随行人员', '4行程与接待']);
    // later steps cannot be opened before the guest exists
    expect(screen.getByTestId('wizard-step-intention')).toBeDisabled();
    expect(screen.getByTestId('wizard-step-itinerary')).toBeDisabled();
    expect(await screen.findByLabelText(/邀请码/, {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('shows the basic step whole: the lazily loaded widgets are there with its first field', async () => {
    const { binding } = fakeBinding({ edition, detail: null });
    const { container } = renderWizard(binding, null);
    // a widget arriving after the form pushed the fields below it down while the user clicked there
    await waitFor(() => expect(container.querySelector('#root_nameZh')).not.toBeNull(), { timeout: 20_000 });
    expect(container.querySelector('#root_inviteCode')).not.toBeNull();
    expect(within(screen.getByTestId('wizard')).queryByLabelText('加载中')).toBeNull();
  });

  it('opens a saved guest at the first step not done yet, never beyond it', async () => {
    const { binding } = fakeBinding({ edition, detail: guest() });
    renderWizard(binding, 'g1', { initialStep: 'itinerary' });
    expect(await currentStep()).toBe('intention');
    expect(screen.getByTestId('wizard-step-basic')).not.toBeDisabled();
    expect(screen.getByTestId('wizard-step-entourage')).toBeDisabled();
  });

  it('blocks on an invalid step: errors on the fields, nothing saved, same step', async () => {
    const { binding, saveSpy } = fakeBinding({ edition, detail: null });
    const { container } = renderWizard(binding, null);
    fireEvent.click(await screen.findByTestId('wizard-save'));
    await waitFor(() => expect(container.querySelector('#root_nameZh__error')?.textContent).toBe('此项为必填项'));
    expect(saveSpy).not.toHaveBeenCalled();
    expect(await currentStep()).toBe('basic');
  });

  it('saves a valid step and moves on to the next one', async () => {
    const context: GuestWizardContext = { edition, detail: guest() };
    const { binding, saveSpy } = fakeBinding(context, async (_name, id) => {
      context.detail = guest({ intention: {} });
      return id ?? '';
    });
    const onStepChange = vi.fn();
    renderWizard(binding, 'g1', { onStepChange });
    expect(await currentStep()).toBe('intention');
    fireEvent.click(await screen.findByTestId('wizard-save'));
    await waitFor(() => expect(saveSpy).toHaveBeenCalledWith('saveGuestIntention', 'g1', {}));
    await waitFor(() => expect(screen.getByTestId('wizard').getAttribute('data-step')).toBe('entourage'));
    expect(onStepChange).toHaveBeenLastCalledWith('entourage');
  });

  it('shows server field errors on their fields and stays on the step', async () => {
    const { binding } = fakeBinding({ edition, detail: guest() }, async () => {
      throw new ApiError('status', 400, 'bad', {
        code: 400,
        msg: 'bad',
        data: null,
        fieldErrors: [{ pointer: '/dietaryRestrictions', key: 'validation.required', message: '服务器：请填写饮食禁忌' }],
      });
    });
    const { container } = renderWizard(binding, 'g1');
    fireEvent.click(await screen.findByTestId('wizard-save'));
    await waitFor(() => expect(container.querySelector('#root_dietaryRestrictions__error')?.textContent).toBe('服务器：请填写饮食禁忌'));
    expect(await currentStep()).toBe('intention');
  });

  it('restores the unsaved draft of a step after a remount (reload, closed tab)', async () => {
    const { binding } = fakeBinding({ edition, detail: null });
    const first = renderWizard(binding, null);
    const name = (await screen.findByLabelText(/中文姓名|姓名/, { selector: '#root_nameZh' })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '李四' } });
    // a reload or a closed tab hides the page first: what was just typed goes into the draft
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    first.unmount();

    renderWizard(binding, null);
    const restored = (await screen.findByLabelText(/中文姓名|姓名/, { selector: '#root_nameZh' })) as HTMLInputElement;
    expect(restored.value).toBe('李四');
    expect(screen.getByTestId('wizard-draft-restored')).toBeInTheDocument();
  });

  it('explains the entourage gate until the guest is approved', async () => {
    const detail = guest({ intention: {} }, {}, { canManageEntourage: { reasonKey: 'guest.gates.needsApproval.pending' } });
    const { binding } = fakeBinding({ edition, detail });
    renderWizard(binding, 'g1', { initialStep: 'entourage' });
    expect(await currentStep()).toBe('entourage');
    expect(screen.getByTestId('wizard-gate').textContent).toContain('审核通过后才能管理随行人员');
    expect(screen.queryByTestId('entourage-add')).toBeNull();
  });

  it('says "full" at the entourage cap and offers no add', async () => {
    const members = [1, 2].map((n) => ({ id: `m${n}`, document: { nameZh: `随员${n}` }, idNumberMasked: '370202********0000' }));
    const detail = guest({ status: 'approved', intention: {}, entourage: members }, { canManageEntourage: true, entourageFull: true });
    const { binding } = fakeBinding({ edition, detail });
    renderWizard(binding, 'g1', { initialStep: 'entourage' });
    expect(await screen.findByTestId('entourage-full')).toHaveTextContent('随行人员已满（上限 2 人）');
    expect(screen.getByTestId('entourage-add')).toBeDisabled();
    expect(screen.getAllByTestId('entourage-row')).toHaveLength(2);
  });

  it('shows sign-up closed for a new guest, with a read-only form', async () => {
    const { binding } = fakeBinding({
      edition: { ...edition, signUpClosed: true, addGuestGate: { open: false, reasonKey: 'guest.gates.signUpClosed' } },
      detail: null,
    });
    renderWizard(binding, null);
    expect(await screen.findByTestId('wizard-gate')).toHaveTextContent('报名已结束');
    expect(screen.queryByTestId('wizard-save')).toBeNull();
  });

  it('keeps the itinerary read-only after the deadline and will not finish without one', async () => {
    const detail = guest(
      { intention: {} },
      { canEditItinerary: false },
      { canEditItinerary: { reasonKey: 'guest.gates.itineraryDeadline', reasonParams: { deadline: '2027-09-28' } } },
    );
    const { binding } = fakeBinding({ edition, detail });
    const onFinish = vi.fn();
    renderWizard(binding, 'g1', { initialStep: 'itinerary', onFinish });
    expect(await currentStep()).toBe('itinerary');
    expect(screen.getByTestId('wizard-gate')).toHaveTextContent('2027-09-28');
    expect(screen.getByTestId('wizard-also-reception')).toHaveTextContent('接待信息由组委会安排');
    fireEvent.click(await screen.findByTestId('wizard-next'));
    expect(await screen.findByTestId('wizard-finish-blocked')).toHaveTextContent('行程与接待');
    expect(onFinish).not.toHaveBeenCalled();
  });
});

describe('wizard gates (pure)', () => {
  const steps = declaration.steps;
  it('reaches as far as the first step not saved', () => {
    expect(furthestReachable(steps, null, guestStepDone)).toBe(0);
    expect(furthestReachable(steps, guest(), guestStepDone)).toBe(1);
    expect(furthestReachable(steps, guest({ intention: {} }), guestStepDone)).toBe(3);
    expect(furthestReachable(steps, guest({ intention: {}, itineraryDone: true }), guestStepDone)).toBe(3);
  });

  it('shows the server gates with the server reasons, deriving none', () => {
    const entourage = steps[2]!;
    // a reason the client could not derive from status and edition: the server's word is shown
    const rejected = guest({ status: 'rejected' }, {}, { canManageEntourage: { reasonKey: 'guest.gates.signUpClosed' } });
    expect(stepAccess(entourage, { edition, detail: rejected })).toEqual({ editable: false, reasonKey: 'guest.gates.signUpClosed' });
    expect(stepAccess(entourage, { edition, detail: guest({ status: 'approved' }, { canManageEntourage: true }) })).toEqual({
      editable: true,
    });
    const outside = { open: false, reasonKey: 'guest.gates.outsideWindow', reasonParams: { start: '2027-05-06', end: '2027-07-31' } };
    // the edition's switches say "open": the server's decision wins
    expect(stepAccess(steps[0]!, { edition: { ...edition, addGuestGate: outside }, detail: null })).toEqual({
      editable: false,
      reasonKey: outside.reasonKey,
      reasonParams: outside.reasonParams,
    });
    expect(
      stepAccess(steps[0]!, {
        edition: { ...edition, addGuestGate: { open: true, reasonKey: 'guest.gates.inviteCodeRequired' } },
        detail: null,
      }),
    ).toEqual({
      editable: true,
      reasonKey: 'guest.gates.inviteCodeRequired',
    });
    expect(stepAccess(steps[0]!, { edition, detail: null })).toEqual({ editable: true });
  });
});
