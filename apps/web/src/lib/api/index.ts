export {
  ApiError,
  isApiError,
  isServiceUnavailable,
  errorMessage,
  networkErrorCode,
  invalidResponseCode,
} from './api-error';
export { createHttpClient, type HttpClient, type RequestOptions, type Auth } from './http-client';
export { ApiClientProvider, useApiClient } from './api-client-context';
export {
  createQueryClientLoader,
  QueryClientLoaderProvider,
  useQueryClientLoader,
  type QueryClientLoader,
} from './query-loader';
