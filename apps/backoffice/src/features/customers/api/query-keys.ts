import type { ConfigurableSystem, CustomerSearchQuery } from '@repo/contracts';

/** Customer management's cached answers; a finished import refreshes the imported list. */
export const queryKeys = {
  importSource: ['import-source'] as const,
  jobberConnection: ['jobber-connection'] as const,
  connectionSettings: (system: ConfigurableSystem) => ['connection-settings', system] as const,
  latestImportJob: ['import-jobs', 'latest'] as const,
  importJobs: ['import-jobs', 'recent'] as const,
  serviceProCustomers: ['servicepro-customers'] as const,
  serviceProCustomersPage: (query: CustomerSearchQuery) => ['servicepro-customers', query] as const,
  portalCustomersPage: (query: CustomerSearchQuery) => ['portal-customers', query] as const,
};
