import { randomUUID } from 'node:crypto';
import { jobberAccessTokenPath, jobberAccessTokenResponseSchema, jobberAccessTokenTopic, jobberConnectionMessages } from '@repo/contracts';
import { FieldServiceError, type JobberTokenSource } from '@repo/field-service';
import { signedDeliveryHeaders } from '@repo/service-kit';

/** How long booking sends the access token accounts gave before asking again (a renewal elsewhere may replace it). */
const reuseMs = 30_000;

/**
 * Jobber's tokens as accounts keeps them (`POST /internal/jobber/access-token`, signed with booking's SERVICE_KEY):
 * booking never holds the refresh token, which Jobber rotates at each renewal; a 401 asks accounts to renew, and
 * accounts renews once for every service and instance. Accounts not answering fails the Jobber call as unavailable.
 */
export function jobberTokensFromAccounts(options: { service: string; key: string; accountsUrl: string; timeoutMs: number }): JobberTokenSource {
  const url = new URL(jobberAccessTokenPath, options.accountsUrl);
  let known: { token: string; at: number } | undefined;

  async function ask(refused?: string): Promise<string | null> {
    const body = JSON.stringify(refused ? { refused } : {});
    let text: string;
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: signedDeliveryHeaders(options.service, options.key, { messageId: randomUUID(), topic: jobberAccessTokenTopic, body }),
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      throw new FieldServiceError('jobber', 'unavailable', 'The accounts service, which keeps the Jobber connection, did not answer.', { cause: err });
    }
    const answer = status === 200 ? jobberAccessTokenResponseSchema.safeParse(JSON.parse(text)) : undefined;
    if (!answer?.success) throw new FieldServiceError('jobber', 'unavailable', `The accounts service could not give Jobber's access token (HTTP ${status}).`);
    const token = answer.data.accessToken;
    known = token === null ? undefined : { token, at: Date.now() };
    return token;
  }

  return {
    async accessToken() {
      if (known && Date.now() - known.at < reuseMs) return known.token;
      const token = await ask();
      if (token === null) throw new FieldServiceError('jobber', 'credentials', jobberConnectionMessages.notConnected);
      return token;
    },
    renew: (refused) => ask(refused),
  };
}
