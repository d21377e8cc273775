/** The kit's toast region on its own, for the data layout to load lazily (see kit-states.ts for why not '@repo/ui'). */
export { ToastRegion } from '@repo/ui';
