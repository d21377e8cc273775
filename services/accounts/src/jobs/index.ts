import { customerImportJob, customerImportPageJob, type CustomerImportContext } from './customer-import.ts';

/** Accounts' durable jobs, one per file. Each reads the service's context when it runs, since the context holds them. */
export const accountsJobs = (context: () => CustomerImportContext) => ({ [customerImportJob]: customerImportPageJob(context) });

export type AccountsJobs = ReturnType<typeof accountsJobs>;
