import { serviceSystemDescriptors, systemImportMessages, type ServiceSystemId } from '@repo/contracts';
import { FieldServiceError } from '@repo/field-service';
import { badGateway, notFound, unavailable, type DomainError } from '@repo/service-kit';

/** The system's name as the portal shows it ("ServiceTitan"). */
export const systemName = (system: ServiceSystemId) => serviceSystemDescriptors.find((descriptor) => descriptor.id === system)?.name ?? system;

/**
 * A connector's failure as an answer the customer can act on: a system that fails, limits or garbles its answers is
 * for later (502/503). The sign-in is the business's own, so a refused one is not the customer's to fix: it reads as
 * the system not answering (and is logged for the business). Anything else is ours and stays a logged 500. The
 * connector's messages never carry a credential, and none is added here.
 */
export function fieldServiceFailure(err: unknown, system: ServiceSystemId, email: string): unknown {
  if (!(err instanceof FieldServiceError)) return err;
  const name = systemName(system);
  const answer = (() => {
    switch (err.kind) {
      case 'not-found':
        return notFound(systemImportMessages.noRecordWithEmail(name, email));
      case 'rate-limited':
        return unavailable(systemImportMessages.rateLimited(name));
      case 'malformed':
        return badGateway(systemImportMessages.malformed(name));
      case 'credentials':
      case 'unavailable':
        return badGateway(systemImportMessages.unavailable(name));
    }
  })();
  return Object.assign(answer, { cause: err }) satisfies DomainError;
}
