export { effectsEnvShape, type EffectsEnv } from './env.ts';
export { effectHeaders, effectPath, signDelivery, signedDeliveryHeaders } from './signing.ts';
export { createEffects, type Effects, type EffectsOptions } from './create-effects.ts';
export { defaultDeliveryTuning, type DeliveryTuning } from './tuning.ts';
export type { DeliveryState } from './status.ts';
export { jobDefinition, type JobDefinition, type JobDefinitions, type ScheduledJobs } from './jobs.ts';
export type { OutgoingEffects } from './topics.ts';
export {
  effectHandler,
  effectsReceiver,
  type EffectHandler,
  type EffectMeta,
  type EffectsReceiverOptions,
} from './receiver.ts';
export { recurringJob, type RecurringJob, type RecurringJobOptions, type RecurringJobsTable } from './recurring-jobs.ts';
