import { useMemo, useState } from 'react';
import { Accordion, Badge, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { RecordResultView, RecordTrendsView, ResultStatus } from '@dermis/contract';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { SectionCard } from '../../../components/section-card';
import { t } from '../../../lib/i18n';
import { recordDay, unitLabel, withUnit, numberText } from '../record-format';
import { interpretationText, isFlagged } from './result-flags';
import { Provenance } from './record-provenance';
import { ToneBadge } from './record-badge';
import { ScrollRegion } from './scroll-region';
import { ResultTrendChart } from './result-trend-chart';
import { ShowAll, useFocusFirstNew, type ShowAllState } from '../../../components/show-all';

const statusKey = { preliminary: 'record.status.preliminary', corrected: 'record.status.corrected' } as const;

function StatusBadge({ status }: { status: ResultStatus }) {
  if (status === 'final') return null;
  return <ToneBadge tone={status === 'corrected' ? 'orange' : 'gray'}>{t(statusKey[status])}</ToneBadge>;
}

const referenceText = (o: RecordResultView['observations'][number]) => {
  if (o.referenceLow !== null && o.referenceHigh !== null)
    return `${numberText(o.referenceLow)}–${numberText(o.referenceHigh)} ${unitLabel(o.unit)}`.trim();
  return o.referenceText ?? '';
};

function Observations({ result }: { result: RecordResultView }) {
  return (
    <ScrollRegion label={result.name}>
      <Table striped withTableBorder fz="sm" miw={420} data-testid="record-observations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('record.test')}</Table.Th>
            <Table.Th scope="col">{t('record.value')}</Table.Th>
            <Table.Th scope="col">{t('record.referenceRange')}</Table.Th>
            <Table.Th scope="col">{t('record.flag')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.observations.map((o) => {
            const flagged = isFlagged(o.interpretation);
            return (
              <Table.Tr key={o.code}>
                <Table.Th scope="row" fw={500}>
                  {o.name}
                </Table.Th>
                <Table.Td fw={flagged ? 700 : undefined}>
                  {o.valueNumeric !== null ? withUnit(o.valueNumeric, o.unit) : o.valueText}
                </Table.Td>
                <Table.Td>{referenceText(o)}</Table.Td>
                <Table.Td>
                  {o.interpretation &&
                    (flagged ? (
                      <Badge color="red" variant="light" size="sm">
                        {interpretationText(o.interpretation)}
                      </Badge>
                    ) : (
                      interpretationText(o.interpretation)
                    ))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function PathologyReport({ result }: { result: RecordResultView }) {
  return (
    <Stack gap="xs" data-testid="record-pathology">
      {result.specimen && (
        <Text size="sm">
          <Text span fw={600}>
            {t('record.specimen')}:
          </Text>{' '}
          {result.specimen}
        </Text>
      )}
      {result.diagnosisDisplay && (
        <Text size="sm">
          <Text span fw={600}>
            {t('record.diagnosis')}:
          </Text>{' '}
          {result.diagnosisDisplay}
        </Text>
      )}
      {result.narrative && (
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', maxWidth: '70ch' }}
          data-testid="record-pathology-text"
        >
          {result.narrative}
        </Text>
      )}
    </Stack>
  );
}

/** The chosen test's values, one point each, as the chart draws them. */
const trendPoints = (trend: NonNullable<RecordTrendsView['chosen']>) =>
  trend.values.map((value, i) => ({
    effectiveAt: new Date(trend.takenAt[i]!).toISOString(),
    value,
    interpretation: trend.interpretations[i] ?? null,
  }));

interface ResultsProps {
  results: RecordResultView[];
  /** The chart: the tests measured at least twice, and every value of the one chosen. */
  trends: RecordTrendsView | undefined;
  onTrend: (code: string) => void;
  onOpen: (result: RecordResultView) => void;
  showAll: ShowAllState;
}

/** Results: the trend of a repeated test, then each report, opened to read (which marks it read). */
export function RecordResults({ results, trends, onTrend, onOpen, showAll }: ResultsProps) {
  const [open, setOpen] = useState<string[]>([]);
  const focus = useFocusFirstNew();
  const rows = useScreenfulFirst(results);
  const trend = trends?.chosen ?? null;
  const tests = trends?.tests ?? [];
  // The same points while the answer is the same, so the chart (memo) is not drawn again.
  const points = useMemo(() => (trend ? trendPoints(trend) : []), [trend]);

  const change = (values: string[]) => {
    for (const value of values)
      if (!open.includes(value)) {
        const result = results.find((r) => String(r.id) === value);
        if (result?.unread) onOpen(result);
      }
    setOpen(values);
  };

  return (
    <SectionCard title={t('record.section.results')} testId="record-results">
      {results.length === 0 && <Text c="dimmed">{t('record.empty.results')}</Text>}
      {trend && (
        <Stack gap="xs" data-testid="record-trends">
          <Title order={3} size="h5">
            {t('record.trends')}
          </Title>
          {tests.length > 1 && (
            <NativeSelect
              label={t('record.chooseTest')}
              value={trend.code}
              onChange={(event) => onTrend(event.currentTarget.value)}
              data={tests.map((tr) => ({ value: tr.code, label: tr.name }))}
              maw={360}
              data-testid="record-trend-select"
            />
          )}
          <ResultTrendChart
            key={trend.code}
            name={trend.name}
            unit={trend.unit}
            points={points}
            referenceLow={trend.referenceLow}
            referenceHigh={trend.referenceHigh}
          />
        </Stack>
      )}
      {results.length > 0 && (
        <Accordion
          multiple
          value={open}
          onChange={change}
          variant="separated"
          data-testid="record-result-list"
          data-rows-pending={rows.pending || undefined}
        >
          {rows.items.map((r, index) => {
            const flagged = r.observations.filter((o) => isFlagged(o.interpretation)).length;
            return (
              <Accordion.Item key={r.id} value={String(r.id)} data-testid="record-result">
                <Accordion.Control ref={focus.refAt(index)}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} component="span">
                      {r.name}
                    </Text>
                    <Text c="dimmed" size="sm" component="span">
                      {recordDay(r.effectiveAt)}
                    </Text>
                    <StatusBadge status={r.status} />
                    {flagged > 0 && (
                      <Badge size="sm" color="red" variant="light">
                        {t('record.flaggedCount', { count: flagged })}
                      </Badge>
                    )}
                    {r.unread && (
                      <Badge size="sm" variant="filled" data-testid="record-result-new">
                        {t('record.new')}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {r.category === 'pathology' ? (
                      <PathologyReport result={r} />
                    ) : (
                      <Observations result={r} />
                    )}
                    {r.status === 'corrected' && (
                      <Text size="sm" c="dimmed">
                        {t('record.correctedNote')}
                      </Text>
                    )}
                    <Provenance item={r} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
      <ShowAll
        state={{
          ...showAll,
          onShow: () => {
            focus.focusFrom(results.length);
            showAll.onShow();
          },
        }}
        section={t('record.section.results')}
        testId="record-results-show-all"
      />
    </SectionCard>
  );
}
