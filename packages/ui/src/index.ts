export { AppProviders, type AppProvidersProps } from './app-providers.tsx';
export { ThemeProvider } from './theme-provider.tsx';
export { ToastRegion, toastRegionLabel } from './toast-region.tsx';
export {
  ApiRequestError,
  apiJson,
  apiRequest,
  createApiClient,
  errorMessage,
  isApiError,
  type ApiClient,
  type ApiClientOptions,
  type ApiErrorBody,
  type ApiRequestOptions,
  type HttpMethod,
} from './api-client.ts';
export { formatter, type FormatterKind } from './format.ts';
export { saveFile, suggestedFileName } from './save-file.ts';
export { AppAnchor, type AppAnchorProps } from './app-anchor.tsx';
export { postalAddressLine, readAppOrigins, readBusinessContact, type AppOrigins, type BusinessContact } from './app-origins.ts';
export { BrandedLayout, BrandFooter, pageHasSignOut, type BrandedLayoutProps } from './branded-layout.tsx';
export { CopyrightYear } from './copyright-year.tsx';
export { BrandMark, BrandNameLines } from './brand-mark.tsx';
export { CredentialsForm, type Credentials, type CredentialsFormProps } from './credentials-form.tsx';
export { PageTitle, pageTitle, useDocumentTitle, type PageTitleProps } from './document-title.ts';
export { MainContent, SkipLink } from './landmarks.tsx';
export {
  applyPageHead,
  createHeadCollector,
  HeadCollectorProvider,
  renderPageHead,
  structuredDataJson,
  useHeadCollector,
  usePageHead,
  type HeadCollector,
  type PageHead,
} from './page-head.tsx';
export { NotFoundCard, NotFoundPage, type NotFoundCardProps } from './not-found.tsx';
export { createQueryClient, createQueryFn, queryKeyToPath, type On401, type QueryClientOptions } from './query-client.ts';
export { fetchSignedInCustomer, signedInCustomerQuery, signOutCustomer, useSignedInCustomer } from './signed-in-customer.ts';
export { submitSignIn, type SignInOptions } from './sign-in.ts';
export {
  ErrorState,
  LoadingState,
  RouteErrorState,
  RouteLoadingState,
  type ErrorStateProps,
  type LoadingStateProps,
} from './status-states.tsx';
export { accessibleTextColors, cssVariablesResolver, theme } from './theme.ts';
export { dismissToasts, showToast, type ToastOptions, type ToastVariant } from './toast.ts';
export { opensWithoutDelay, Tooltip, type TooltipProps } from './tooltip.tsx';
export { RoundIcon, type RoundIconProps } from './round-icon.tsx';
export {
  FieldError,
  fieldErrorsOf,
  focusFirstInvalid,
  useFieldErrors,
  type FieldErrors,
  type FieldErrorsState,
  type SafeParseSchema,
} from './form-errors.tsx';
export { newIdempotencyKey } from './idempotency-key.ts';
export { useSchemaForm, type FormValues } from './use-schema-form.ts';
export { withEarlyInput, forgetEarlyInput } from './early-input.ts';
export { useHydrated } from './use-hydrated.ts';
export { HeldHeight, type HeldHeightProps } from './held-height.tsx';
export { lazyPart, type LazyPartOptions } from './lazy-part.tsx';
export { PricedLineRows } from './priced-lines.tsx';
export { defaultLiveBackoff, liveSocketUrl, openLiveSocket, useLiveSocket, type LiveSocketOptions, type LiveState } from './live-socket.ts';
export { SpecialtyBadges, TechnicianAvatar } from './technician-badges.tsx';
export { Columns, responsiveSpacing, SpanGrid, type ColumnsProps, type ResponsiveSpacing, type SpanGridColProps, type SpanGridProps } from './responsive.tsx';
export type { Responsive } from './responsive-css.ts';
export { DemoCardsNotice, demoModeTitle } from './demo-cards-notice.tsx';
export { readMapTiles, type MapPoint } from './map/tiles.ts';
export { shrinkPhoto, uploadPhoto, UnreadablePhotoError } from './photo-upload.ts';
