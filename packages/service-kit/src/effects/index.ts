export { effectsEnvShape, type EffectsEnv } from './env.ts';
export { effectHeaders, effectPath, signDelivery, signedDeliveryHeaders } from './signing.ts';
export {
  createEffects,
  defaultDeliveryTuning,
  noDeliveries,
  type DeliveryTuning,
  type Effects,
  type EffectsOptions,
  type OutgoingEffects,
} from './sender.ts';
export {
  effectHandler,
  effectsReceiver,
  receivedEffectsMigration,
  type EffectHandler,
  type EffectMeta,
  type EffectsReceiverOptions,
} from './receiver.ts';
