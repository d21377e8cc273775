import { useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { dataExportFiles } from '@repo/contracts';
import { errorMessage, ErrorState, LoadingState, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { downloadCsv, toCsv } from '../../../lib/csv.ts';
import { formatCount } from '../../../lib/format.ts';
import { useDownloadBusinessData } from '../api/data-export.ts';
import { useMoneyReport, useVisitReport } from '../api/reports.ts';
import { figures, figuresCsvRows, firstVisitDefinition, joinReports, periodLabel, type PeriodFigures } from '../lib/figures.ts';
import { checkedRange, presets, rangeFrom, type Preset } from '../lib/range-params.ts';

const columns = [
  { header: 'Period', cell: (period: PeriodFigures) => periodLabel(period), nowrap: true },
  ...figures.map((figure) => ({ header: figure.header, cell: figure.shown, nowrap: true })),
] as [Column<PeriodFigures>, ...Column<PeriodFigures>[]];

const hasActivity = (period: PeriodFigures) =>
  period.booked + period.completed + period.cancelled + period.noShows + period.paymentsCents + period.refundsCents + period.openInvoices > 0;

/** /numbers (administrators): the owner's figures for a period, by week or month, as a table and as a CSV file. */
export function NumbersPage() {
  useDocumentTitle('Numbers');
  const [params, setParams] = useSearchParams();
  const range = rangeFrom(params);
  const checked = checkedRange(range);
  const query = checked.ok ? checked.query : undefined;
  const visits = useVisitReport(query);
  const money = useMoneyReport(query);

  const choose = (next: Partial<{ range: Preset; by: string; from: string; to: string }>) => {
    const merged = { range: range.preset, by: range.by, from: range.from, to: range.to, ...next };
    setParams(merged.range === 'custom' ? { range: merged.range, from: merged.from, to: merged.to, by: merged.by } : { range: merged.range, by: merged.by });
  };

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Numbers" description="Visits, revenue and open balances for a period, in business days (Eastern time)." />
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group gap="md" align="flex-end" wrap="wrap">
              <NativeSelect label="Period" data={presets.map(({ value, label }) => ({ value, label }))} value={range.preset} onChange={(event) => choose({ range: event.currentTarget.value as Preset })} />
              <div>
                <Text size="sm" fw={500} id="numbers-grouping" mb={4}>
                  Columns by
                </Text>
                <SegmentedControl
                  aria-labelledby="numbers-grouping"
                  data={[{ value: 'week', label: 'Week' }, { value: 'month', label: 'Month' }]}
                  value={range.by}
                  onChange={(by) => choose({ by })}
                />
              </div>
            </Group>
            {range.preset === 'custom' ? (
              <CustomRangeForm
                key={`${range.from}|${range.to}`}
                initial={{ from: range.from, to: range.to }}
                errors={checked.ok || (!range.from && !range.to) ? {} : checked.errors}
                onApply={(dates) => choose(dates)}
              />
            ) : (
              <Text size="sm">
                {periodLabel({ period: '', from: range.from, to: range.to })}
              </Text>
            )}
          </Stack>
        </Paper>
        {query ? <Figures visits={visits} money={money} range={query} /> : <Text>Choose the first and last day of the range, then Show.</Text>}
        <Text size="sm" c="dimmed">
          Booked: bookings made in the period (the day they were made). Completed, cancelled and no-shows: visits dated in
          the period. Imported history is not counted. Revenue: payments that succeeded less refunds given, on the day each
          happened. Open balance: invoices sent in the period that still owe today (sent or part-paid, overdue included).
          {' '}
          {firstVisitDefinition}
        </Text>
        <BusinessDataExport />
      </Stack>
    </Container>
  );
}

function CustomRangeForm({ initial, errors, onApply }: { initial: { from: string; to: string }; errors: Partial<Record<'from' | 'to', string>>; onApply: (dates: { from: string; to: string }) => void }) {
  const [dates, setDates] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(dates);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput label="From" type="date" description="First business day" value={dates.from} error={errors.from} onChange={(event) => setDates({ ...dates, from: event.currentTarget.value })} />
        <TextInput label="To" type="date" description="Last business day" value={dates.to} error={errors.to} onChange={(event) => setDates({ ...dates, to: event.currentTarget.value })} />
        <Button type="submit">
          Show
        </Button>
      </Group>
    </form>
  );
}

type FiguresProps = {
  visits: ReturnType<typeof useVisitReport>;
  money: ReturnType<typeof useMoneyReport>;
  range: { from: string; to: string; by: string };
};

function Figures({ visits, money, range }: FiguresProps) {
  if (visits.data && money.data) {
    const periods = joinReports(visits.data, money.data);
    const technicians = visits.data.technicians;
    if (!periods.some(hasActivity)) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Text>No visits, payments or open invoices in this range.</Text>
        </Paper>
      );
    }
    const download = () => downloadCsv(`numbers-${range.from}-to-${range.to}-by-${range.by}.csv`, toCsv(figuresCsvRows(periods, technicians)));
    return (
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3">
            Figures by {range.by}
          </Title>
          <Button variant="default" onClick={download}>
            Download CSV
          </Button>
        </Group>
        <DataTable label={`Figures by ${range.by}, ${periodLabel({ period: '', ...range })}`} items={periods} columns={columns} rowKey={(period) => period.period} />
        <Stack gap="xs">
          <Title order={2} size="h3">
            Completed visits per technician
          </Title>
          {technicians.length === 0 ? (
            <Text>No technician completed a visit in this range.</Text>
          ) : (
            <Table.ScrollContainer minWidth={480} type="native">
              <Table striped verticalSpacing="sm">
                <caption>Completed visits per technician and {range.by} (visits)</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Technician</Table.Th>
                    {periods.map((period) => (
                      <Table.Th scope="col" key={period.period} style={{ whiteSpace: 'nowrap' }}>
                        {periodLabel(period)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {technicians.map((technician) => (
                    <Table.Tr key={technician.technicianId}>
                      <Table.Th scope="row">{technician.name}</Table.Th>
                      {technician.completed.map((entry) => (
                        <Table.Td key={entry.period}>{formatCount(entry.visits)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    );
  }
  if (visits.isError || money.isError) {
    return (
      <ErrorState
        title="Unable to load the numbers"
        description="We're having trouble loading the figures right now."
        onRetry={() => {
          if (visits.isError) void visits.refetch();
          if (money.isError) void money.refetch();
        }}
      />
    );
  }
  return <LoadingState title="Loading the numbers..." />;
}

/** The full export: every service's data as CSV files in one zip archive, with its progress and any failure shown. */
function BusinessDataExport() {
  const download = useDownloadBusinessData();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="business-data-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="business-data-title">
          All of the business&apos;s data
        </Title>
        <Text size="sm">
          One zip archive of CSV files: {dataExportFiles.map((file) => file.file).join(', ')}. Cells a spreadsheet would run as a formula start with an apostrophe.
        </Text>
        <Group>
          <Button onClick={() => download.mutate()} loading={download.isPending} disabled={download.isPending}>
            Download all data (zip)
          </Button>
          {download.isPending ? <Text size="sm" role="status">Preparing the archive…</Text> : null}
          {download.isSuccess ? <Text size="sm" role="status">Downloaded {download.data}.</Text> : null}
        </Group>
        {download.isError ? (
          <Alert color="red" title="The archive could not be made" role="alert">
            {errorMessage(download.error, 'A service did not answer. Try again in a moment.')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
