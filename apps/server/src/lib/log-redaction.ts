/**
 * What a log line may say about a request or an error. A page address can carry the secret of an
 * e-mailed link (/password/reset/{token}) and a query string the signature of an unsubscribe link; a
 * database error carries the statement's bound values and often the rejected value in its message.
 * None of that may reach a log: whoever reads the log could reset a patient's password or read
 * their health data.
 */
import { apiPrefix, healthAppsCalls, webRoutes } from '@dermis/contract';

export const masked = '[redacted]';

/**
 * Page addresses whose last segment is the secret of an e-mailed link, or the id of a health app's
 * authorization in progress (the consent page, its portal call, and the authorization server's
 * resume address, which finishes it).
 */
const tokenPages = [
  webRoutes.resetPassword,
  webRoutes.createAccount,
  webRoutes.verifyEmail,
  webRoutes.healthAppAuthorize,
  healthAppsCalls.getAuthorization.path,
  '/oauth2/authorize/:uid',
].map((template) => template.replace(/\/:\w+$/, ''));

const tokenPagePattern = new RegExp(
  `(${tokenPages.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/[^/?#\\s"'<>]+`,
  'g',
);

/**
 * The clinic's patient id (the MRN) in integration addresses (/api/integration/patients/{id}/…): an
 * identifier under HIPAA, however short or plain it looks. Case and doubled slashes are tolerated,
 * so an address the router would refuse is masked as well.
 */
const patientIdPattern = new RegExp(
  `(${apiPrefix.integration.split('/').join('/+')}/+patients/+)[^/?#\\s"'<>]+`,
  'gi',
);

/**
 * A path segment that looks like a secret wherever it appears: long and random-looking (a token, a
 * signature, a JWT). Patient ids and route words are short or plain words.
 */
function looksLikeSecret(segment: string): boolean {
  return segment.length >= 20 && /\d/.test(segment) && /[A-Za-z]/.test(segment);
}

/**
 * The address as it may be logged: secrets of e-mailed links and clinic patient ids masked, every other secret-looking path
 * segment masked, and the value of every query parameter masked (names are kept, they help debugging).
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : withoutHash.slice(queryAt + 1);

  const safePath = path
    .replace(tokenPagePattern, (_whole, page: string) => `${page}/${masked}`)
    .replace(patientIdPattern, (_whole, prefix: string) => `${prefix}${masked}`)
    .split('/')
    .map((segment) => (looksLikeSecret(segment) ? masked : segment))
    .join('/');
  return query === null ? safePath : `${safePath}?${redactQuery(query)}`;
}

function redactQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = (eq === -1 ? pair : pair.slice(0, eq)).slice(0, 40);
      return `${looksLikeSecret(name) ? masked : name}=${masked}`;
    })
    .join('&');
}

const emailPattern = /[^\s@"'<>(),;:/]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const jwtPattern = /eyJ[\w-]*\.[\w-]+\.[\w-]+/g;
const bearerPattern = /(Bearer\s+)[^\s"',]+/gi;
const basicPattern = /(Basic\s+)[^\s"',]+/gi;
/** OAuth 2.0 parameters that carry a secret, written out as name=value in a message or a form body. */
const oauthSecretPattern =
  /\b(code|code_verifier|access_token|refresh_token|id_token|token|client_secret|client_assertion|invite_?code)=[^\s&"',]+/gi;
const urlInTextPattern = /(?:https?:\/\/[^\s/"'<>]+)?\/[^\s"'<>]*/g;

/**
 * Free text as it may be logged (a message, an error's message or stack): addresses and secrets
 * inside it masked as redactUrl does, e-mail addresses, JWTs and bearer tokens masked.
 */
export function scrubText(text: string): string {
  return text
    .replace(jwtPattern, masked)
    .replace(bearerPattern, `$1${masked}`)
    .replace(basicPattern, `$1${masked}`)
    .replace(oauthSecretPattern, (_whole, name: string) => `${name}=${masked}`)
    .replace(emailPattern, '[e-mail]')
    .replace(urlInTextPattern, (found) => redactUrl(found));
}
