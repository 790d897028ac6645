import { render, screen, within } from '@testing-library/react';
import { MantineProvider, Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
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
