import { presetRange, reportQuerySchema, type ReportGrouping, type ReportQueryParsed } from '@repo/contracts';

export const presets = [
  { value: 'this-week', label: 'This week' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type Preset = (typeof presets)[number]['value'];

/** What the address says: the preset (this month by default), the grouping (weeks by default), a custom range's dates. */
export function rangeFrom(params: URLSearchParams, now: Date = new Date()): { preset: Preset; by: ReportGrouping; from: string; to: string } {
  const preset = (presets.find(({ value }) => value === params.get('range'))?.value ?? 'this-month') as Preset;
  const by: ReportGrouping = params.get('by') === 'month' ? 'month' : 'week';
  if (preset === 'custom') return { preset, by, from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return { preset, by, ...presetRange(preset, now) };
}

/** The query both reports are asked with, or the messages of a custom range that cannot be asked for. */
export function checkedRange(range: { from: string; to: string; by: ReportGrouping }):
  | { ok: true; query: ReportQueryParsed }
  | { ok: false; errors: Partial<Record<'from' | 'to', string>> } {
  const parsed = reportQuerySchema.safeParse(range);
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
