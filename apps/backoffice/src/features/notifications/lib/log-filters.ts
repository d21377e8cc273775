import { messageListQuerySchema, type MessageListFilters, type MessageListQuery } from '@repo/contracts';
import { bySchema, type Checked } from '../../../lib/use-form.ts';

export const logPageSize = 25;

/** The filter form's fields, as text ('' = any). `appointmentId` comes only in an address (an appointment's link). */
export const filterFields = ['kind', 'channel', 'state', 'from', 'to', 'recipient'] as const;
export type FilterField = (typeof filterFields)[number];
export type FilterValues = Record<FilterField, string>;
const addressFields = [...filterFields, 'appointmentId'] as const;

/** The filters the address holds (?state=…), as the form shows them. */
export function filterValuesFrom(params: URLSearchParams): FilterValues {
  return Object.fromEntries(filterFields.map((field) => [field, params.get(field) ?? ''])) as FilterValues;
}

function queryFrom(values: Partial<Record<(typeof addressFields)[number], string>>, page?: number): MessageListQuery {
  const query: Record<string, string | number> = {};
  for (const field of addressFields) {
    const value = values[field]?.trim();
    if (value) query[field] = value;
  }
  if (page !== undefined) query.page = page;
  return query as MessageListQuery;
}

/** The form's values against the log's own rules (the end date not before the start, the address's length). */
export function checkFilters(values: FilterValues): Checked<FilterField, MessageListFilters> {
  return bySchema(messageListQuerySchema, queryFrom(values));
}

/** The address's filters and page as the log asks for them, or undefined when they break its rules. */
export function logQueryFrom(params: URLSearchParams): MessageListFilters | undefined {
  const page = Number(params.get('page'));
  const values = Object.fromEntries(addressFields.map((field) => [field, params.get(field) ?? '']));
  const parsed = messageListQuerySchema.safeParse({ ...queryFrom(values, Number.isInteger(page) && page > 1 ? page : undefined), pageSize: logPageSize });
  return parsed.success ? parsed.data : undefined;
}

/** The address for these filters, back on page 1: only the filters that are set. */
export function paramsFor(filters: MessageListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of addressFields) {
    const value = filters[field];
    if (value !== undefined) params.set(field, String(value));
  }
  return params;
}

export const hasFilters = (params: URLSearchParams): boolean => addressFields.some((field) => params.get(field));
