export {
  ApiError,
  isApiError,
  isServiceUnavailable,
  networkErrorCode,
  invalidResponseCode,
} from './api-error';
export { serverRefusal, errorMessage, type ServerRefusal } from './server-refusal';
export {
  createHttpClient,
  type HttpClient,
  type RequestOptions,
  type Auth,
  type CallRef,
  type CallOptions,
} from './http-client';
export { ApiClientProvider, useApiClient } from './api-client-context';
export {
  createQueryClientLoader,
  QueryClientLoaderProvider,
  useQueryClientLoader,
  type QueryClientLoader,
} from './query-loader';
export { setServerErrors } from './server-refusal-form';
