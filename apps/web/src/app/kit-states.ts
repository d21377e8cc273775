/**
 * The kit's rarely shown states, loaded lazily by the router. Imported by name here, so their lazy chunk holds only
 * them: a lazy `import('@repo/ui')` would make the whole kit one chunk (its toasts, transitions and portal included)
 * that the pages' own code then shares and loads up front.
 */
export { NotFoundPage, RouteErrorState, RouteLoadingState } from '@repo/ui';
