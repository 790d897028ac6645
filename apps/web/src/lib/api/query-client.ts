import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** A 4xx will not change on a retry; network blips and 5xx get one more try. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
