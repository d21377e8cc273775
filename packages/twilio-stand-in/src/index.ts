export { twilioSignature } from './signature.ts';
export { TwilioStandIn, type DeliveryOutcome, type StatusCallbackRecord, type TwilioMessage, type TwilioStandInOptions } from './stand-in.ts';
export { createMessageForm, createMessageOperation, messagePath, messagesPath, twilioOpenApi, validateAccountSid, validateCreateForm, validateMessage, validateMessageList } from './openapi.ts';
