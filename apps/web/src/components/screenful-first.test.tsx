import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenfulItems, useScreenfulFirst } from './screenful-first';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** A list that records how many items each of its renders showed. */
function List({ items, renders }: { items: number[]; renders: number[] }) {
  const rows = useScreenfulFirst(items);
  renders.push(rows.items.length);
  return (
    <ul aria-label="Items" data-rows-pending={rows.pending || undefined}>
      {rows.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('useScreenfulFirst', () => {
  it('renders a long list’s first screenful first, then the whole list', async () => {
    const renders: number[] = [];
    render(<List items={numbers(50)} renders={renders} />);
    expect(renders[0]).toBe(screenfulItems);
    expect(await screen.findByText('50')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByRole('list')).not.toHaveAttribute('data-rows-pending');
    expect(renders.at(-1)).toBe(50);
  });

  it('renders a later, longer list whole at once, so "Show more" can focus its first new row', async () => {
    const renders: number[] = [];
    const { rerender } = render(<List items={numbers(20)} renders={renders} />);
    await screen.findByText('20');
    renders.length = 0;
    rerender(<List items={numbers(40)} renders={renders} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(renders).not.toContain(screenfulItems);
  });

  it('renders a short list whole from the first render', () => {
    const renders: number[] = [];
    render(<List items={numbers(screenfulItems)} renders={renders} />);
    expect(renders.every((count) => count === screenfulItems)).toBe(true);
    expect(screen.getByRole('list')).not.toHaveAttribute('data-rows-pending');
  });

  it('cuts a list whose items arrive after its first render (its data loading)', async () => {
    const renders: number[] = [];
    const { rerender } = render(<List items={[]} renders={renders} />);
    rerender(<List items={numbers(30)} renders={renders} />);
    expect(renders).toContain(screenfulItems);
    expect(await screen.findByText('30')).toBeInTheDocument();
  });
});
