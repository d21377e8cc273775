import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Twilio's own description of the Messages API (an extract of `twilio_api_v2010.json` from twilio/twilio-oai, see
 * openapi/README.md), compiled into validators: a judge of the stand-in and of our client that neither of them wrote.
 */
type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema: object }[]; requestBody?: { content: Record<string, { schema: { required?: string[]; properties: Record<string, object> } }> } }>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, { type: string; scheme?: string }> };
};

export const twilioOpenApi = JSON.parse(readFileSync(new URL('../openapi/twilio_api_v2010.messages.json', import.meta.url), 'utf8')) as OpenApi;

export const messagesPath = '/2010-04-01/Accounts/{AccountSid}/Messages.json';
export const messagePath = '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json';

/** The create operation (`CreateMessage`): its path parameters and its form's schema. */
export const createMessageOperation = twilioOpenApi.paths[messagesPath]!.post!;
export const createMessageForm = createMessageOperation.requestBody!.content['application/x-www-form-urlencoded']!.schema;

// The formats Twilio's description names, as Twilio documents them.
const formats = {
  'phone-number': /^\+[1-9]\d{1,14}$/,
  'date-time-rfc-2822': /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/,
  currency: /^[A-Z]{3}$/,
  // A URI reference: Twilio's own examples of the list call give its page URIs relative ("/2010-04-01/Accounts/…").
  uri: (value: string) => URL.canParse(value, 'https://api.twilio.com'),
  'uri-map': () => true,
  'date-time': (value: string) => !Number.isNaN(Date.parse(value)),
};

function compiler(): Ajv {
  // Not strict: the description carries OpenAPI's own keywords (description, x-twilio, nullable) beside JSON Schema's.
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  ajv.addSchema({ components: twilioOpenApi.components }, 'twilio');
  return ajv;
}

const ajv = compiler();
const refs = (schema: object): object => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"twilio#/components/')) as object;

/** A Message resource as the description defines it (`api.v2010.account.message`). */
export const validateMessage: ValidateFunction = ajv.compile(refs({ $ref: '#/components/schemas/api.v2010.account.message' }));

/** The list call's answer (`ListMessageResponse`). */
export const validateMessageList: ValidateFunction = ajv.compile(refs((twilioOpenApi.paths[messagesPath]!.get as unknown as { responses: { 200: { content: { 'application/json': { schema: object } } } } }).responses[200].content['application/json'].schema));

/**
 * The create call's form as the description defines it: only its declared parameters, each of its declared type. A
 * form arrives as strings: the few non-string parameters are not ones our client sends, and would be refused here.
 */
export const validateCreateForm: ValidateFunction = ajv.compile(refs({ ...createMessageForm, additionalProperties: false }));

/** The path's AccountSid, as the description constrains it. */
export const validateAccountSid: ValidateFunction = ajv.compile(createMessageOperation.parameters!.find((parameter) => parameter.name === 'AccountSid')!.schema);
