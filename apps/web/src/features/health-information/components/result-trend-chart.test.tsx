import { render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider, Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { screenfulItems } from '../../../components/screenful-first';
import { renderWithProviders } from '../../../lib/testing/render';
import { ResultTrendChart, type TrendPoint } from './result-trend-chart';

const points: TrendPoint[] = [
  { effectiveAt: '2025-01-10T15:00:00.000Z', value: 41, interpretation: null },
  { effectiveAt: '2025-03-12T15:00:00.000Z', value: 58.456, interpretation: 'H' },
  { effectiveAt: '2025-06-20T15:00:00.000Z', value: 1234.5, interpretation: 'N' },
  { effectiveAt: '2025-09-01T15:00:00.000Z', value: 12, interpretation: 'LL' },
];

const drawChart = () =>
  renderWithProviders(
    <ResultTrendChart name="ALT" unit="U/L" points={points} referenceLow={7} referenceHigh={56} />,
  );

describe('ResultTrendChart', () => {
  it('names and describes the chart with every value, flagged ones with their flag', () => {
    drawChart();
    const chart = screen.getByTestId('record-trend-chart');
    expect(chart.querySelector('title')?.textContent).toBe('ALT over time');
    expect(chart.querySelector('desc')?.textContent).toBe(
      'ALT, 4 results. 01/10/2025: 41 U/L; 03/12/2025: 58.46 U/L (High); 06/20/2025: 1,234.5 U/L; ' +
        '09/01/2025: 12 U/L (Critically low). Reference range 7–56 U/L',
    );
  });

  it('labels each point with its short date and each flagged point with its letter', () => {
    drawChart();
    const texts = [...screen.getByTestId('record-trend-chart').querySelectorAll('text')].map(
      (text) => text.textContent,
    );
    expect(texts).toEqual(
      expect.arrayContaining(['01/10/25', '03/12/25', '06/20/25', '09/01/25', 'H', 'LL']),
    );
    expect(texts.filter((text) => text === 'H' || text === 'LL')).toHaveLength(2);
  });

  it('leaves out the dates that would overlap, keeping the first and the last', () => {
    // Three years of values ten days apart: far more dates than the axis holds.
    const many: TrendPoint[] = Array.from({ length: 110 }, (_, i) => ({
      effectiveAt: new Date(Date.UTC(2022, 0, 1 + i * 10, 15)).toISOString(),
      value: 40 + (i % 7),
      interpretation: null,
    }));
    renderWithProviders(
      <ResultTrendChart name="ALT" unit="U/L" points={many} referenceLow={7} referenceHigh={56} />,
    );
    const dates = [...screen.getByTestId('record-trend-chart').querySelectorAll('text')].filter((text) =>
      /^\d{2}\/\d{2}\/\d{2}$/.test(text.textContent ?? ''),
    );
    expect(dates.length).toBeGreaterThan(2);
    expect(dates.length).toBeLessThan(10);
    expect(dates[0]?.textContent).toBe('01/01/22');
    expect(dates.at(-1)?.textContent).toBe('12/26/24');
    // Each date's box (48 units; the first starts at its point, the last ends at it) clears the one before.
    const boxes = dates.map((text, i) => {
      const x = Number(text.getAttribute('x'));
      const from = i === 0 ? x : i === dates.length - 1 ? x - 48 : x - 24;
      return { from, to: from + 48 };
    });
    boxes.slice(1).forEach((box, i) => expect(box.from).toBeGreaterThanOrEqual(boxes[i]!.to));
  });

  it('lists the same values in a table', () => {
    drawChart();
    const rows = within(screen.getByTestId('record-trend-table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateResultFlag',
      '01/10/202541 U/L',
      '03/12/202558.46 U/LHigh',
      '06/20/20251,234.5 U/LNormal',
      '09/01/202512 U/LCritically low',
    ]);
  });

  it('lists every value of a long trend in its table, the first screenful first', async () => {
    const many: TrendPoint[] = Array.from({ length: 40 }, (_, i) => ({
      effectiveAt: new Date(Date.UTC(2022, 0, 1 + i * 10, 15)).toISOString(),
      value: 40 + i,
      interpretation: null,
    }));
    // The rows added to the table's body after it was first drawn: the ones past the first screenful.
    const later: Node[] = [];
    const observer = new MutationObserver((records) =>
      records
        .filter((record) => (record.target as Element).tagName === 'TBODY')
        .forEach((record) => later.push(...record.addedNodes)),
    );
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithProviders(
      <ResultTrendChart name="ALT" unit="U/L" points={many} referenceLow={7} referenceHigh={56} />,
    );
    const table = screen.getByTestId('record-trend-table');
    await waitFor(() => expect(table).not.toHaveAttribute('data-rows-pending'));
    await waitFor(() => expect(later).toHaveLength(40 - screenfulItems));
    observer.disconnect();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(40);
    // In a box of its own, which scrolls (by keyboard too) rather than stretching the page.
    const box = screen.getByRole('region', { name: 'ALT: all values' });
    expect([box.style.maxHeight, box.style.overflowY]).toEqual(['26rem', 'auto']);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(rows.at(-1)?.textContent).toBe('01/26/202379 U/L');
  });

  it('marks each value once: a circle when in range, a diamond when flagged', () => {
    drawChart();
    const subpaths = (testId: string) => screen.getByTestId(testId).getAttribute('d')?.match(/M/g)?.length;
    expect(subpaths('record-trend-points')).toBe(2);
    expect(subpaths('record-trend-flagged')).toBe(2);
  });

  it("draws the table's rows as Mantine's own rows of a striped table would be", () => {
    drawChart();
    const row = within(screen.getByTestId('record-trend-table')).getAllByRole('row')[1]!;
    const mantine = render(
      <MantineProvider>
        <Table striped withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>01/10/2025</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </MantineProvider>,
    ).container.querySelector('tbody tr')!;
    const attributes = (element: Element) =>
      Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]));
    expect(attributes(row)).toEqual(attributes(mantine));
    expect(attributes(row.querySelector('td')!)).toEqual(attributes(mantine.querySelector('td')!));
  });
});
