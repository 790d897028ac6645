import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ListSection } from '@dermis/contract';
import { renderWithProviders } from '../../../lib/testing/render';
import { newDraft, type DraftItem } from '../history-draft';
import { ListEditor } from './list-editor';

function Harness({ section, initial }: { section: ListSection; initial: DraftItem[] }) {
  const [list, setList] = useState(initial);
  return (
    <>
      <ListEditor section={section} list={list} onChange={setList} searching={false} />
      <output data-testid="saved">
        {JSON.stringify(list.map((d) => [d.name, d.active, d.details.map((x) => x.code)]))}
      </output>
    </>
  );
}

const doxycycline = newDraft('MEDICATIONS', { key: '3640', label: 'Doxycycline', customValue: 'IN' });
const psoriasis = newDraft('FAMILY_HISTORY', { key: '9014002', label: 'Psoriasis', customValue: null }, [
  { code: 'MTH', name: 'Mother' },
]);

describe('ListEditor', () => {
  it('a medication negative is refused while a medication is active', async () => {
    renderWithProviders(<Harness section="MEDICATIONS" initial={[doxycycline]} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'No known medications' }));
    expect(
      await screen.findByText('You need to explicitly remove all items that are added to your list.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'No known medications' })).not.toBeChecked();
  });

  it('unticking a medication asks for a reason, requires one, then shows it as discontinued', async () => {
    renderWithProviders(<Harness section="MEDICATIONS" initial={[doxycycline]} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Doxycycline' }));
    const modal = await screen.findByTestId('discontinue-modal');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('You must choose a reason for medication discontinuation.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(within(modal).getByRole('radio', { name: 'Drug not taken - side-effects' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('saved')).toHaveTextContent('[["Doxycycline",false,["182864000"]]]');
    // Active is the default filter: the discontinued one shows under Inactive and All.
    expect(screen.queryByText(/Doxycycline \(Discontinued\)/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Inactive'));
    await userEvent.click(screen.getByRole('button', { name: 'Doxycycline (Discontinued)' }));
    expect(await screen.findByTestId('medication-dialog-reason')).toHaveTextContent(
      'Drug not taken - side-effects',
    );
    // Now that nothing is active, the negative may be checked; the discontinued one stays as history.
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'No known medications' }));
    expect(screen.getByTestId('saved')).toHaveTextContent(
      '[["Doxycycline",false,["182864000"]],["No known medications",true,[]]]',
    );
  });

  it('removing a family item needs confirmation; editing changes its relatives', async () => {
    renderWithProviders(<Harness section="FAMILY_HISTORY" initial={[psoriasis]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Psoriasis' }));
    const relatives = await screen.findByTestId('relatives-modal');
    await userEvent.click(within(relatives).getByRole('checkbox', { name: 'Father' }));
    await userEvent.click(within(relatives).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('saved')).toHaveTextContent('[["Psoriasis",true,["MTH","FTH"]]]');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Psoriasis' }));
    expect(await screen.findByText('Are you sure you want to perform this action?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-remove'));
    expect(screen.getByTestId('saved')).toHaveTextContent('[]');
    expect(screen.getByText('List is empty')).toBeInTheDocument();
  });
});
