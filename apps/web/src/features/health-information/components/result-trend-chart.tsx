import { memo, useId, useMemo } from 'react';
import { Table, Text } from '@mantine/core';
import type { ResultInterpretation } from '@dermis/contract';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { t } from '../../../lib/i18n';
import { numberText, recordDay, unitLabel, withUnit } from '../record-format';
import { interpretationText, isFlagged } from './result-flags';
import { ScrollRegion } from './scroll-region';

export interface TrendPoint {
  effectiveAt: string;
  value: number;
  interpretation: ResultInterpretation | null;
}

interface TrendProps {
  name: string;
  unit: string | null;
  points: TrendPoint[];
  referenceLow: number | null;
  referenceHigh: number | null;
}

// The drawing's own coordinates; the SVG scales to its box, text included.
const width = 360;
const height = 190;
const left = 44;
const right = 14;
const top = 16;
const bottom = 34;

function niceTicks(low: number, high: number): number[] {
  const span = high - low || 1;
  const step = 10 ** Math.floor(Math.log10(span / 3));
  const unit = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 5) ?? step * 10;
  const ticks: number[] = [];
  for (let v = Math.ceil(low / unit) * unit; v <= high + 1e-9; v += unit) ticks.push(Number(v.toFixed(6)));
  return ticks;
}

/**
 * The trend table's body rows as plain elements with the classes and attributes Mantine's Table.Tr
 * and Table.Td give them in a striped table with row borders (the unit test compares the two): a test
 * may have hundreds of values, and a Mantine component a cell costs several times the cell itself.
 */
const trendRow = {
  className: `${Table.classes.tr} mantine-Table-tr`,
  'data-with-row-border': true,
  'data-striped': 'odd',
} as const;
const trendCell = `${Table.classes.td} mantine-Table-td`;

/** Two decimals: finer than the drawing's pixels, and shorter path data to parse. */
const at = (n: number) => Math.round(n * 100) / 100;
/** The flagged marker: a 12-unit square turned 45°, its corners this far from its centre. */
const diamond = 6 * Math.SQRT2;
const radius = 4.5;

/**
 * The chart's drawing and texts, worked out once for the points. Markers are drawn as one path per
 * kind (circles, diamonds) rather than an element per point: a test may have hundreds of values.
 */
function drawing({ name, unit, points, referenceLow, referenceHigh }: TrendProps) {
  const values = points.map((p) => p.value);
  const lowest = Math.min(...values, referenceLow ?? Infinity);
  const highest = Math.max(...values, referenceHigh ?? -Infinity);
  const pad = (highest - lowest || Math.abs(highest) || 1) * 0.12;
  // A value that cannot be negative (most) never gets a negative axis.
  const yMin = lowest >= 0 ? Math.max(0, lowest - pad) : lowest - pad;
  const yMax = highest + pad;
  const times = points.map((p) => new Date(p.effectiveAt).getTime());
  const tMin = Math.min(...times);
  const tSpan = Math.max(...times) - tMin || 1;
  const x = (time: number) => left + ((time - tMin) / tSpan) * (width - left - right);
  const y = (value: number) => top + (1 - (value - yMin) / (yMax - yMin)) * (height - top - bottom);
  const shown = points.map((p, i) => {
    const day = recordDay(p.effectiveAt);
    return {
      key: p.effectiveAt,
      cx: at(x(times[i]!)),
      cy: at(y(p.value)),
      flagged: isFlagged(p.interpretation),
      interpretation: p.interpretation,
      day,
      shortDay: day.replace(/\/(\d{2})(\d{2})$/, '/$2'),
      value: withUnit(p.value, unit),
      flag: p.interpretation ? interpretationText(p.interpretation) : '',
    };
  });
  const range =
    referenceLow !== null && referenceHigh !== null
      ? t('record.chart.range', {
          low: numberText(referenceLow),
          high: numberText(referenceHigh),
          unit: unitLabel(unit),
        })
      : null;
  const listed = shown
    .map((p) => (p.flagged ? `${p.day}: ${p.value} (${p.flag})` : `${p.day}: ${p.value}`))
    .join('; ');
  return {
    shown,
    range,
    description: [t('record.chart.describe', { name, count: points.length }), listed, range]
      .filter(Boolean)
      .join('. '),
    band:
      referenceLow !== null && referenceHigh !== null
        ? { y: y(referenceHigh), height: Math.max(1, y(referenceLow) - y(referenceHigh)) }
        : null,
    ticks: niceTicks(yMin, yMax).map((tick) => ({ tick, y: y(tick), label: numberText(tick) })),
    dates: dateLabels(shown),
    line: shown.map((p) => `${p.cx},${p.cy}`).join(' '),
    circles: shown
      .filter((p) => !p.flagged)
      .map(
        (p) =>
          `M${at(p.cx - radius)} ${p.cy}a${radius} ${radius} 0 1 0 ${2 * radius} 0a${radius} ${radius} 0 1 0 ${-2 * radius} 0z`,
      )
      .join(''),
    diamonds: shown
      .filter((p) => p.flagged)
      .map(
        (p) =>
          `M${p.cx} ${at(p.cy - diamond)}L${at(p.cx + diamond)} ${p.cy}L${p.cx} ${at(p.cy + diamond)}L${at(p.cx - diamond)} ${p.cy}z`,
      )
      .join(''),
  };
}

/** A short date's width at the axis's font size (8 characters), and the least room between two. */
const dateWidth = 48;
const dateGap = 4;

/**
 * The short dates under the axis: each point's where it has room, never overlapping the one before;
 * the first and the last always. Years of monthly values would otherwise print their dates over
 * each other into one smudge; every date is still in the description and the table.
 */
function dateLabels(shown: readonly { cx: number; shortDay: string }[]) {
  type Label = { x: number; text: string; anchor: 'start' | 'middle' | 'end'; from: number; to: number };
  const labels: Label[] = [];
  shown.forEach((p, i) => {
    const anchor = i === 0 ? 'start' : i === shown.length - 1 ? 'end' : 'middle';
    const from = anchor === 'start' ? p.cx : anchor === 'end' ? p.cx - dateWidth : p.cx - dateWidth / 2;
    const label = { x: p.cx, text: p.shortDay, anchor, from, to: from + dateWidth } as const;
    const fits = (before: Label | undefined) => before === undefined || label.from >= before.to + dateGap;
    // The last makes room for itself, but never by dropping the first.
    if (anchor === 'end') while (labels.length > 1 && !fits(labels.at(-1))) labels.pop();
    if (fits(labels.at(-1))) labels.push(label);
  });
  return labels;
}

/**
 * One numeric test over time: the values as a line, the reference range as a shaded band, flagged
 * values marked by shape and letter (not by colour alone). The SVG is named and described for
 * screen readers, and the same values follow as a table. Drawn once for its points (memo): the page
 * around it re-renders as its other answers arrive.
 */
export const ResultTrendChart = memo(function ResultTrendChart(props: TrendProps) {
  const titleId = useId();
  const descId = useId();
  const { name, unit, points, referenceLow, referenceHigh } = props;
  const { shown, range, description, band, ticks, dates, line, circles, diamonds } = useMemo(
    () => drawing({ name, unit, points, referenceLow, referenceHigh }),
    [name, unit, points, referenceLow, referenceHigh],
  );
  // Years of values make a table of hundreds of rows below the drawing: its first screenful first.
  const rows = useScreenfulFirst(shown);

  return (
    <figure style={{ margin: 0 }} data-testid="record-trend">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        style={{ width: '100%', maxWidth: 560, height: 'auto', display: 'block' }}
        data-testid="record-trend-chart"
      >
        <title id={titleId}>{t('record.chart.title', { name })}</title>
        <desc id={descId}>{description}</desc>
        {band && (
          <rect
            x={left}
            width={width - left - right}
            y={band.y}
            height={band.height}
            fill="#d3f9d8"
            data-testid="record-trend-range"
          />
        )}
        {ticks.map(({ tick, y, label }) => (
          <g key={tick}>
            <line x1={left} x2={width - right} y1={y} y2={y} stroke="#dee2e6" strokeWidth={0.8} />
            <text x={left - 6} y={y + 4} textAnchor="end" fontSize={11} fill="#343a40">
              {label}
            </text>
          </g>
        ))}
        <text x={4} y={top - 4} fontSize={11} fill="#343a40">
          {unitLabel(unit)}
        </text>
        <polyline fill="none" stroke="#1c7ed6" strokeWidth={2} points={line} />
        {circles && <path d={circles} fill="#1c7ed6" data-testid="record-trend-points" />}
        {diamonds && <path d={diamonds} fill="#c92a2a" data-testid="record-trend-flagged" />}
        {shown.map(
          (p) =>
            p.flagged && (
              <text
                key={p.key}
                x={p.cx}
                y={p.cy - 10}
                textAnchor="middle"
                fontSize={11}
                fontWeight={700}
                fill="#c92a2a"
              >
                {p.interpretation}
              </text>
            ),
        )}
        {dates.map((date) => (
          <text
            key={date.x}
            x={date.x}
            y={height - bottom + 16}
            textAnchor={date.anchor}
            fontSize={10.5}
            fill="#343a40"
          >
            {date.text}
          </text>
        ))}
      </svg>
      {range && (
        <Text component="figcaption" size="sm" c="dimmed">
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 12,
              height: 12,
              background: '#d3f9d8',
              marginRight: 6,
              verticalAlign: 'middle',
            }}
          />
          {range}
        </Text>
      )}
      {/* Years of a test are hundreds of values: the table scrolls in a box about a dozen rows high,
          its header kept in view, rather than pushing the rest of the record pages down. */}
      <ScrollRegion label={t('record.chart.tableCaption', { name })} maxHeight="26rem">
        <Table
          stickyHeader
          striped
          withTableBorder
          fz="sm"
          mt="xs"
          data-testid="record-trend-table"
          data-rows-pending={rows.pending || undefined}
        >
          <Table.Caption>{t('record.chart.tableCaption', { name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('record.date')}</Table.Th>
              <Table.Th scope="col">{t('record.value')}</Table.Th>
              <Table.Th scope="col">{t('record.flag')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.items.map((p) => (
              <tr key={p.key} {...trendRow}>
                <td className={trendCell}>{p.day}</td>
                <td className={trendCell}>{p.value}</td>
                <td className={trendCell}>{p.flag}</td>
              </tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </figure>
  );
});
