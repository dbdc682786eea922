/**
 * The wizard engine knows no guest: any record with an id, parts and `gates` runs through it
 * with the default rules (a step is done once its part is saved; editable while its gate is open).
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { WizardBinding, WizardDeclaration, WizardPanelProps } from '../../src/client/engine/wizard/wizard-types';
import { WizardRuntime } from '../../src/client/engine/wizard/WizardRuntime';

configure({ asyncUtilTimeout: 5000 });

interface Message {
  id: string;
  wish: Record<string, unknown> | null;
  owner: string;
  gates: { canWrite: boolean };
  gateReasons?: { canWrite?: { reasonKey: string; reasonParams?: Record<string, string | number> } };
}

const declaration: WizardDeclaration = {
  id: 'test-message',
  kind: 'wizard',
  titleKey: 'wish.title',
  context: 'test-message',
  steps: [
    {
      id: 'wish',
      labelKey: 'wish.title',
      kind: 'form',
      schema: 'good-wishes',
      source: 'wish',
      save: 'saveWish',
      editableWhen: 'canWrite',
      requiredToFinish: true,
    },
    { id: 'owner', labelKey: 'common.save', kind: 'panel', panel: 'owner' },
  ],
};

function OwnerPanel({ detail }: WizardPanelProps<Message>) {
  return <div data-testid="owner-panel">{detail.owner}</div>;
}

function renderWizard(message: Message, save = vi.fn(async () => message.id)) {
  const binding: WizardBinding<Message> = { load: async () => ({ detail: message }), save };
  render(
    <MemoryRouter>
      <WizardRuntime declaration={declaration} recordId={message.id} binding={binding} panels={{ owner: OwnerPanel }} initialStep="owner" />
    </MemoryRouter>,
  );
  return save;
}

describe('wizard runtime on a record that is not a guest', () => {
  it('stops at the first part not saved and keeps it read-only while its gate is shut', async () => {
    renderWizard({ id: 'm1', wish: null, owner: '示例单位', gates: { canWrite: false } });
    const wizard = await screen.findByTestId('wizard');
    expect(wizard.getAttribute('data-step')).toBe('wish');
    expect(screen.getByTestId('wizard-step-owner')).toBeDisabled();
    await screen.findByLabelText(/祝福语/, {}, { timeout: 15_000 });
    expect(screen.queryByTestId('wizard-save')).toBeNull();
  });

  it('says why a gate is shut when the record sends the reason beside its gates (the convention)', async () => {
    const reason = { reasonKey: 'guest.gates.itineraryDeadline', reasonParams: { deadline: '2027-09-28' } };
    renderWizard({ id: 'm1', wish: null, owner: '示例单位', gates: { canWrite: false }, gateReasons: { canWrite: reason } });
    expect(await screen.findByTestId('wizard-gate')).toHaveTextContent('行程信息修改已于 2027-09-28 截止');
  });

  it('saves a part through the binding while its gate is open and hands panels the record', async () => {
    const save = renderWizard({ id: 'm1', wish: { wishMessage: '祝大会圆满成功' }, owner: '示例单位', gates: { canWrite: true } });
    expect(await screen.findByTestId('owner-panel')).toHaveTextContent('示例单位');
    fireEvent.click(screen.getByTestId('wizard-step-wish'));
    fireEvent.click(await screen.findByTestId('wizard-save', {}, { timeout: 15_000 }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('saveWish', 'm1', expect.objectContaining({ wishMessage: '祝大会圆满成功' })));
  });
});
