import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../lib/testing/render';
import { CodeBoxes, emptyCode, type CodeBoxesHandle } from './code-boxes';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [digits, setDigits] = useState(emptyCode);
  const ref = useRef<CodeBoxesHandle>(null);
  return (
    <>
      <CodeBoxes ref={ref} value={digits} onChange={setDigits} onComplete={onComplete} />
      <button type="button" onClick={() => ref.current?.reset()}>
        reset
      </button>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);

describe('CodeBoxes', () => {
  it('labels each box, takes digits only and moves to the next box', async () => {
    const onComplete = vi.fn();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('1a2');
    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('3456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('moves back on Backspace in an empty box', async () => {
    renderWithProviders(<Harness onComplete={vi.fn()} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(box(2)).toHaveValue('');
  });

  it('fills every box from a pasted code, and reset empties them and focuses the first', async () => {
    const onComplete = vi.fn();
    renderWithProviders(<Harness onComplete={onComplete} />);
    await userEvent.click(box(1));
    await userEvent.paste('987 654');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(box(6)).toHaveValue('');
    await vi.waitFor(() => expect(box(1)).toHaveFocus());
  });
});
