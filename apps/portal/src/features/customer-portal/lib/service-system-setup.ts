import { secretCredentialNames, type ServiceSystemId } from '@repo/contracts';

/** How each credential the systems ask for (the spec's names) is labelled in the form. */
const credentialLabels: Record<string, string> = {
  company: 'Company ID',
  username: 'Username',
  password: 'Password',
  clientId: 'Client ID',
  clientSecret: 'Client Secret',
  appKey: 'App Key',
  tenantId: 'Tenant ID',
  apiKey: 'API Key (access token)',
};

export const credentialLabel = (name: string) => credentialLabels[name] ?? name;

/** Secret or key-like credentials are masked, with a control to show them. */
export const isSecretCredential = (name: string) => secretCredentialNames.includes(name);

export type SetupStep = { credential: string; where: string };

/**
 * Where a customer finds each credential, per system. ServiceTitan's and Jobber's follow their public developer
 * documentation; ServicePro publishes none we can point to, so its steps say only what its sign-in asks for.
 */
export const setupInstructions: Record<ServiceSystemId, { intro: string; steps: SetupStep[] }> = {
  servicepro: {
    intro: 'Use the ServicePro sign-in your service records are kept under.',
    steps: [
      { credential: 'company', where: 'The company ID your ServicePro account belongs to, as asked on the ServicePro sign-in page.' },
      { credential: 'username', where: 'The username you sign in to ServicePro with.' },
      { credential: 'password', where: 'The password of that ServicePro user. It is used for this import only and is not stored.' },
    ],
  },
  servicetitan: {
    intro: 'ServiceTitan gives API access to apps its administrators connect. An administrator of the ServiceTitan account can find these:',
    steps: [
      { credential: 'clientId', where: 'In ServiceTitan, Settings → Integrations → API Application Access: open the connected app to see its Client ID.' },
      { credential: 'clientSecret', where: 'On the same page: generate the Client Secret (it is shown once, so copy it then).' },
      { credential: 'appKey', where: 'In the ServiceTitan Developer Portal, My Apps: the Application Key of the app.' },
      { credential: 'tenantId', where: 'On the API Application Access page in ServiceTitan: the Tenant ID of your account.' },
    ],
  },
  jobber: {
    intro: 'Jobber gives API access to apps connected to a Jobber account.',
    steps: [
      {
        credential: 'apiKey',
        where:
          'The access token of an app in the Jobber Developer Center (developer.getjobber.com) that is connected to the Jobber account. The token comes from connecting the app (Jobber’s OAuth authorization) and expires after an hour; refresh or connect again for a new one.',
      },
    ],
  },
};
