import { useId } from 'react';
import { Table, Text } from '@mantine/core';
import type { ResultInterpretation } from '@dermis/contract';
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
 * One numeric test over time: the values as a line, the reference range as a shaded band, flagged
 * values marked by shape and letter (not by colour alone). The SVG is named and described for
 * screen readers, and the same values follow as a table.
 */
export function ResultTrendChart({ name, unit, points, referenceLow, referenceHigh }: TrendProps) {
  const titleId = useId();
  const descId = useId();
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
  const range =
    referenceLow !== null && referenceHigh !== null
      ? t('record.chart.range', {
          low: numberText(referenceLow),
          high: numberText(referenceHigh),
          unit: unitLabel(unit),
        })
      : null;
  const listed = points
    .map((p) =>
      isFlagged(p.interpretation)
        ? `${recordDay(p.effectiveAt)}: ${withUnit(p.value, unit)} (${interpretationText(p.interpretation)})`
        : `${recordDay(p.effectiveAt)}: ${withUnit(p.value, unit)}`,
    )
    .join('; ');
  const description = [t('record.chart.describe', { name, count: points.length }), listed, range]
    .filter(Boolean)
    .join('. ');

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
        {referenceLow !== null && referenceHigh !== null && (
          <rect
            x={left}
            width={width - left - right}
            y={y(referenceHigh)}
            height={Math.max(1, y(referenceLow) - y(referenceHigh))}
            fill="#d3f9d8"
            data-testid="record-trend-range"
          />
        )}
        {niceTicks(yMin, yMax).map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} stroke="#dee2e6" strokeWidth={0.8} />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#343a40">
              {numberText(tick)}
            </text>
          </g>
        ))}
        <text x={4} y={top - 4} fontSize={11} fill="#343a40">
          {unitLabel(unit)}
        </text>
        <polyline
          fill="none"
          stroke="#1c7ed6"
          strokeWidth={2}
          points={points.map((p, i) => `${x(times[i]!)},${y(p.value)}`).join(' ')}
        />
        {points.map((p, i) => {
          const cx = x(times[i]!);
          const cy = y(p.value);
          const flagged = isFlagged(p.interpretation);
          return (
            <g key={p.effectiveAt}>
              {flagged ? (
                <>
                  <rect
                    x={cx - 6}
                    y={cy - 6}
                    width={12}
                    height={12}
                    fill="#c92a2a"
                    transform={`rotate(45 ${cx} ${cy})`}
                  />
                  <text x={cx} y={cy - 10} textAnchor="middle" fontSize={11} fontWeight={700} fill="#c92a2a">
                    {p.interpretation}
                  </text>
                </>
              ) : (
                <circle cx={cx} cy={cy} r={4.5} fill="#1c7ed6" />
              )}
              <text
                x={cx}
                y={height - bottom + 16}
                textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
                fontSize={10.5}
                fill="#343a40"
              >
                {recordDay(p.effectiveAt).replace(/\/(\d{2})(\d{2})$/, '/$2')}
              </text>
            </g>
          );
        })}
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
      <ScrollRegion label={t('record.chart.tableCaption', { name })}>
        <Table striped withTableBorder fz="sm" mt="xs" data-testid="record-trend-table">
          <Table.Caption>{t('record.chart.tableCaption', { name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('record.date')}</Table.Th>
              <Table.Th scope="col">{t('record.value')}</Table.Th>
              <Table.Th scope="col">{t('record.flag')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.effectiveAt}>
                <Table.Td>{recordDay(p.effectiveAt)}</Table.Td>
                <Table.Td>{withUnit(p.value, unit)}</Table.Td>
                <Table.Td>{p.interpretation ? interpretationText(p.interpretation) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </figure>
  );
}
