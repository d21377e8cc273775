import { paymentListQuerySchema, type PaymentListFilters, type PaymentListQuery } from '@repo/contracts';
import { bySchema, type Checked } from '../../../lib/use-form.ts';

export const ledgerPageSize = 25;

/** The filter form's fields, as text ('' = any). */
export const filterFields = ['status', 'provider', 'from', 'to', 'reference'] as const;
export type FilterField = (typeof filterFields)[number];
export type FilterValues = Record<FilterField, string>;

/** The filters the address holds (?status=…), as the form shows them. */
export function filterValuesFrom(params: URLSearchParams): FilterValues {
  return Object.fromEntries(filterFields.map((field) => [field, params.get(field) ?? ''])) as FilterValues;
}

function queryFrom(values: FilterValues, page?: number): PaymentListQuery {
  const query: Record<string, string | number> = {};
  for (const field of filterFields) {
    const value = values[field].trim();
    if (value) query[field] = value;
  }
  if (page !== undefined) query.page = page;
  return query as PaymentListQuery;
}

/** The form's values against the ledger's own rules (the end date not before the start, the reference's shape). */
export function checkFilters(values: FilterValues): Checked<FilterField, PaymentListFilters> {
  return bySchema(paymentListQuerySchema, queryFrom(values));
}

/** The address's filters and page as the ledger asks for them, or undefined when they break its rules. */
export function ledgerQueryFrom(params: URLSearchParams): PaymentListFilters | undefined {
  const page = Number(params.get('page'));
  const parsed = paymentListQuerySchema.safeParse({ ...queryFrom(filterValuesFrom(params), Number.isInteger(page) && page > 1 ? page : undefined), pageSize: ledgerPageSize });
  return parsed.success ? parsed.data : undefined;
}

/** The address for these filters, back on page 1: only the filters that are set. */
export function paramsFor(filters: PaymentListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of filterFields) {
    const value = filters[field];
    if (value !== undefined) params.set(field, String(value));
  }
  return params;
}

export const hasFilters = (params: URLSearchParams): boolean => filterFields.some((field) => params.get(field));
