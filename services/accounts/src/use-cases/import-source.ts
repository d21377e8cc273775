import type { ImportSource } from '@repo/contracts';
import type { AccountsContext } from './context.ts';
import { askSystem, configuredConnector } from './field-service-connector.ts';

/** Where the import reads from: the system and the company its server credentials reach (never a credential). */
export async function getImportSource(ctx: AccountsContext): Promise<ImportSource> {
  const connector = await configuredConnector(ctx);
  const { system, systemName, sandbox } = ctx.fieldService;
  const company = await askSystem(ctx, 'staff', () => ctx.fieldService.accountName(connector));
  return { system, systemName, company, sandbox };
}
