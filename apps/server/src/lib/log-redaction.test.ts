import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { redactUrl, scrubText } from './log-redaction';
import { describeError, safeError, statementName } from './safe-error';

const token = 'Zk3q9VbX2mT7wLp0aR5sYc8dE1fG4hJ6';

describe('redactUrl', () => {
  it.each([
    [`/password/reset/${token}`, '/password/reset/[redacted]'],
    [`/account/create/${token}`, '/account/create/[redacted]'],
    [`/verify/email/${token}`, '/verify/email/[redacted]'],
    // Short or odd tokens on the link pages are masked too: the page, not the look, decides.
    ['/password/reset/abc', '/password/reset/[redacted]'],
    [`/api/app/some/future/${token}/call`, '/api/app/some/future/[redacted]/call'],
    [
      `/api/app/patient/unsubscribe?pid=12&uid=7&type=1&token=${token}`,
      '/api/app/patient/unsubscribe?pid=[redacted]&uid=[redacted]&type=[redacted]&token=[redacted]',
    ],
    ['/unsubscribe?code=123456', '/unsubscribe?code=[redacted]'],
    ['/api/app/patient/getDermisPatientById/_rid/42', '/api/app/patient/getDermisPatientById/_rid/42'],
    ['/login', '/login'],
    // The clinic's patient id (MRN) is an identifier under HIPAA, short and plain as it may be.
    [
      '/api/integration/patients/DEMO-0001/direct-messages',
      '/api/integration/patients/[redacted]/direct-messages',
    ],
    ['/api/integration/patients/MRN-7731', '/api/integration/patients/[redacted]'],
    ['/api/integration/patients/1001?x=1', '/api/integration/patients/[redacted]?x=[redacted]'],
    ['/API/integration//patients/1001/consents', '/API/integration//patients/[redacted]/consents'],
    ['/api/integration/patients', '/api/integration/patients'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('scrubText', () => {
  it('masks addresses, e-mail addresses and tokens inside free text', () => {
    const text = scrubText(
      `Reply already sent for "/password/reset/${token}" to maria.lopez@example.org with Bearer abc.def eyJhbGciOi.eyJzdWIiOiIx.sig_1`,
    );
    expect(text).not.toContain(token);
    expect(text).not.toContain('maria.lopez@example.org');
    expect(text).not.toContain('abc.def');
    expect(text).not.toContain('eyJzdWIiOiIx');
    expect(text).toContain('/password/reset/[redacted]');
  });
  it('masks OAuth secrets and the id of a health app authorization in progress', () => {
    const text = scrubText(
      'token request code=SplxlOBeZQQYbYS6WxSbIA&code_verifier=dBjftJeZ4CVP refresh_token=8xLOxBtZp8 ' +
        'Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW at /oauth2/authorize/abcdefghijklmnopqrstu and /health-apps/authorize/abcdefghijklmnopqrstu',
    );
    for (const secret of [
      'SplxlOBeZQQYbYS6WxSbIA',
      'dBjftJeZ4CVP',
      '8xLOxBtZp8',
      'czZCaGRSa3F0MzpnWDFmQmF0M2JW',
      'abcdefghijklmnopqrstu',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('/oauth2/authorize/[redacted]');
  });
  it('masks the clinic patient id of an integration address inside free text', () => {
    const text = scrubText(
      'Route PUT:https://portal.example.org/api/integration/patients/MRN-7731/documents/D9 not found',
    );
    expect(text).not.toContain('MRN-7731');
    expect(text).toContain('/api/integration/patients/[redacted]/documents/D9');
  });
  it('leaves stack frames readable', () => {
    const frame = '    at handler (/srv/node_modules/@fastify/static/index.js:10:5)';
    expect(scrubText(frame)).toBe(frame);
  });
});

describe('safeError', () => {
  it('keeps the class, SQLSTATE and statement name of a failed query, never its values or message', () => {
    const driver = Object.assign(new Error('invalid input syntax for type date: "1984-03-12 Maria"'), {
      code: '22007',
      severity: 'ERROR',
      detail: 'Key (username)=(maria.lopez) already exists.',
      routine: 'DateTimeParseError',
    });
    const drizzle = Object.assign(
      new Error('Failed query: insert into "patient" ("first_name") values ($1)\nparams: Maria,1984-03-12'),
      {
        query: 'insert into "patient" ("first_name") values ($1)',
        params: ['Maria', '1984-03-12'],
        cause: driver,
      },
    );
    const logged = JSON.stringify(safeError(drizzle));
    expect(logged).not.toMatch(/Maria|1984|maria\.lopez|first_name|values/);
    const described = safeError(drizzle);
    expect(described.statement).toBe('insert patient');
    expect(described.cause?.code).toBe('22007');
    expect(described.cause?.routine).toBe('DateTimeParseError');
    expect(describeError(drizzle)).toContain('insert patient');
  });
  it('names statements by verb and first table', () => {
    expect(statementName('select "id" from "user_account" where "username" = $1')).toBe(
      'select user_account',
    );
    expect(statementName('update "patient" set "first_name" = $1')).toBe('update patient');
    expect(statementName('delete from "refresh_token"')).toBe('delete refresh_token');
  });
});

describe('the process logger', () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { logger: createLogger('info', stream), text: () => lines.join('') };
  }

  it('logs a request by its redacted address and route pattern', () => {
    const { logger, text } = capture();
    logger.info(
      { req: { method: 'GET', url: `/verify/email/${token}?x=1`, ip: '127.0.0.1', routeOptions: {} } },
      'incoming request',
    );
    expect(text()).toContain('/verify/email/[redacted]?x=[redacted]');
    expect(text()).not.toContain(token);
  });

  it('masks secret fields at any depth, in objects and arrays, without changing what was logged', () => {
    const { logger, text } = capture();
    const logged = {
      password: 'Top-Secret-1',
      body: { newPassword: 'Nested-Secret-2', items: [{ otpCode: '482913' }] },
      deep: { a: { b: { refreshToken: 'Deep-Secret-3' } } },
      patientId: 12,
    };
    logger.info(logged, 'probe');
    for (const secret of ['Top-Secret-1', 'Nested-Secret-2', '482913', 'Deep-Secret-3'])
      expect(text()).not.toContain(secret);
    expect(JSON.parse(text())).toMatchObject({
      password: '[redacted]',
      body: { newPassword: '[redacted]', items: [{ otpCode: '[redacted]' }] },
      deep: { a: { b: { refreshToken: '[redacted]' } } },
      patientId: 12,
    });
    expect(logged.body.newPassword).toBe('Nested-Secret-2');
  });

  it('logs an error passed alone or as err through the safe serializer', () => {
    const { logger, text } = capture();
    const error = Object.assign(new Error('boom'), { params: ['Maria'], query: 'select 1 from "patient"' });
    logger.error(error);
    logger.error({ err: error }, `failed for ${token} at /password/reset/${token}`);
    expect(text()).not.toContain('Maria');
    expect(text()).not.toContain(`/password/reset/${token}`);
    expect(text()).toContain('select patient');
  });
});
