import type { z } from 'zod';
import {
  apiPrefix,
  errorCodes,
  routePath,
  type CallAnswer,
  type CallDescription,
  type CallInput,
} from '@dermis/contract';
import type { SessionStore } from '../session/session-store';
import { currentLanguage, t } from '../i18n';
import { ApiError, invalidResponseCode, networkErrorCode } from './api-error';
import { earlyCallKey, takeEarlyAnswer } from './early-answers';
import { loadEntryCalls } from './entry-call';

export type Auth = 'access' | 'none' | { bearer: string };

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The contract schema the answer must satisfy; without one the answer is returned as parsed JSON. */
  schema?: z.ZodType<T>;
  /**
   * A check compiled from the contract at build time (`virtual:compiled-validators`) instead of a
   * schema, for the entry chunk, which carries no zod: null rejects the answer.
   */
  check?: (body: unknown) => T | null;
  /** 'access' (default) sends the stored access token and refreshes it once on a 401. */
  auth?: Auth;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  session: SessionStore;
  /** Any 403 answer (spec 000 §2: redirect to /forbidden). */
  onForbidden?: () => void;
  /** The refresh after a 401 failed: the caller signs out and goes to /login. */
  onSessionExpired?: () => void;
}

/**
 * A description, or a function that loads it: the pages of the entry chunk name their calls through
 * `entry-calls.ts`, loaded on first use, so /login carries no zod (decision 049).
 */
export type CallRef<D extends CallDescription> = D | (() => Promise<D>);

/** The input a call takes; a call without path, query or body takes none. */
export type CallArgs<D extends CallDescription> = keyof CallInput<D> extends never
  ? [input?: CallInput<D>, options?: CallOptions]
  : [input: CallInput<D>, options?: CallOptions];

export interface CallOptions {
  /** Public calls send no token unless told; every other call sends the access token. */
  auth?: Auth;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpClient {
  /**
   * Makes a call of the contract: the input is typed by its request schemas, and the answer is always
   * parsed with its response schema (an answer that does not match is an error, not data).
   */
  call<D extends CallDescription>(description: D, ...args: CallArgs<D>): Promise<CallAnswer<D>>;
  /** The same with a description loaded on first use (entry-call.ts), typed from what the loader answers. */
  call<D extends CallDescription>(
    load: () => Promise<D>,
    ...args: NoInfer<CallArgs<D>>
  ): Promise<CallAnswer<D>>;
  request<T>(url: string, options?: RequestOptions<T>): Promise<T>;
  /** URL of an app-server call on the server the sign-in answer named. */
  appUrl(path: string): string;
}

function isBadCredentials(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { error?: unknown }).error === errorCodes.badCredentials
  );
}

export function createHttpClient({ session, onForbidden, onSessionExpired }: HttpClientOptions): HttpClient {
  // Shared by every call that meets a 401 while a refresh is under way, so the refresh token is used once.
  let refreshing: Promise<string> | null = null;

  async function send(
    url: string,
    options: RequestOptions<unknown>,
    token: string | undefined,
  ): Promise<Response> {
    // The server words its messages in this language unless the signed-in account chose another.
    const language = currentLanguage();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language,
      ...options.headers,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const method = options.method ?? 'GET';
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // The page may have sent this very request already, before the app's files arrived (decision 328);
    // a request with headers of its own is not the one the page sent.
    const early =
      options.headers === undefined
        ? takeEarlyAnswer(earlyCallKey(method, url, body), token, language)
        : undefined;
    const earlyResponse = early && (await early);
    if (earlyResponse) return earlyResponse;
    try {
      return await fetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, networkErrorCode, '');
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  async function refresh(): Promise<string> {
    const refreshToken = session.get().refreshToken;
    try {
      if (!refreshToken) throw new ApiError(401, 'UNAUTHORIZED', '');
      // Not through `call`: a 401 here ends the session instead of asking for another refresh.
      const { refreshAccessToken } = await loadEntryCalls();
      const response = await send(refreshAccessToken.path, {}, refreshToken);
      const body = response.ok ? await readJson(response) : undefined;
      const parsed = refreshAccessToken.response.safeParse(body);
      if (!parsed.success) throw new ApiError(response.status, 'REFRESH_FAILED', '');
      // Refresh tokens rotate: the old one is now revoked, so both are stored.
      session.setTokens(parsed.data);
      return parsed.data.accessToken;
    } catch {
      onSessionExpired?.();
      throw new ApiError(401, 'UNAUTHORIZED', t('error.unauthorized'));
    }
  }

  function renewAccessToken(usedToken: string | undefined): Promise<string> {
    const current = session.get().accessToken;
    // Another call refreshed while this one was in flight: just retry with the newer token.
    if (current && current !== usedToken) return Promise.resolve(current);
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function tokenFor(auth: Auth): string | undefined {
    if (auth === 'none') return undefined;
    if (auth === 'access') return session.get().accessToken;
    return auth.bearer;
  }

  async function request<T>(url: string, options: RequestOptions<T> = {}): Promise<T> {
    const auth = options.auth ?? 'access';
    const usedToken = tokenFor(auth);
    let response = await send(url, options, usedToken);
    let body = await readJson(response);
    // A 401 naming wrong credentials (e.g. a wrong password in password/validate) is an answer about
    // what was typed, not an expired session: it is neither refreshed nor sent twice.
    if (response.status === 401 && auth === 'access' && !isBadCredentials(body)) {
      response = await send(url, options, await renewAccessToken(usedToken));
      body = await readJson(response);
    }
    if (response.status === 403) onForbidden?.();
    if (!response.ok) throw ApiError.fromBody(response.status, body);
    if (options.check) {
      const checked = options.check(body);
      if (checked === null) throw new ApiError(response.status, invalidResponseCode, '');
      return checked;
    }
    if (!options.schema) return body as T;
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, invalidResponseCode, '');
    return parsed.data;
  }

  function appUrl(path: string): string {
    const base = session.get().servers?.app ?? apiPrefix.app;
    return `${base.replace(/\/$/, '')}/${path}`;
  }

  async function call<D extends CallDescription>(
    ref: CallRef<D>,
    ...[input, options = {}]: CallArgs<D>
  ): Promise<CallAnswer<D>> {
    const description = typeof ref === 'function' ? await ref() : ref;
    const parts = (input ?? {}) as { params?: object; query?: object; body?: unknown };
    return request(urlOf(description, parts.params, parts.query), {
      method: description.method,
      body: parts.body,
      schema: description.response as z.ZodType<CallAnswer<D>>,
      auth: options.auth ?? (description.who.kind === 'public' ? 'none' : 'access'),
      headers: options.headers,
      signal: options.signal,
    });
  }

  /** The call's path filled in, on the app server the sign-in named, with its query string. */
  function urlOf(description: CallDescription, params?: object, query?: object): string {
    const path = routePath(description.path, (params ?? {}) as Record<string, string | number>);
    const appPrefix = `${apiPrefix.app}/`;
    const url = path.startsWith(appPrefix) ? appUrl(path.slice(appPrefix.length)) : path;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {}) as Array<[string, unknown]>) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined && item !== null) search.append(name, String(item));
    }
    const queryString = search.toString();
    return queryString ? `${url}?${queryString}` : url;
  }

  return { call, request, appUrl };
}
