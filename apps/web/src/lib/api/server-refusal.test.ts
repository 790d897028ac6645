import { describe, expect, it } from 'vitest';
import { ApiError, networkErrorCode } from './api-error';
import { errorMessage, serverRefusal } from './server-refusal';

const generic = 'Something went wrong, please try again or contact support.';
const refused = (messages: { field: string; description: string }[], message = 'The request is not valid.') =>
  new ApiError(400, 'VALIDATION_ERROR', message, messages);

describe('serverRefusal', () => {
  it("puts each of the server's field messages under the form's field, by path or last part", () => {
    const error = refused([
      { field: 'to', description: 'There is no Direct address nobody@direct.example.org at this practice.' },
      { field: 'directMessageInfo.subject', description: 'Subject is required' },
    ]);
    expect(serverRefusal(error, ['to', 'subject'])).toEqual({
      fields: {
        to: 'There is no Direct address nobody@direct.example.org at this practice.',
        subject: 'Subject is required',
      },
      reason: null,
    });
  });

  it('gives the messages of fields the form does not have as the reason, never the bare request text', () => {
    const error = refused([
      { field: 'to', description: 'Address not valid' },
      { field: 'fromPatientId', description: 'The value is not valid.' },
      { field: 'attachments', description: 'An attachment is no longer available.' },
    ]);
    expect(serverRefusal(error, ['to'])).toEqual({
      fields: { to: 'Address not valid' },
      reason: 'The value is not valid. An attachment is no longer available.',
    });
    expect(errorMessage(error)).toBe(
      'Address not valid The value is not valid. An attachment is no longer available.',
    );
  });

  it("shows a refusal without field messages in the server's words, and the fallback when it has none", () => {
    const limit = new ApiError(429, 'TOO_MANY_ATTEMPTS', 'You have reached your daily message limit (50).');
    expect(serverRefusal(limit, ['to']).reason).toBe('You have reached your daily message limit (50).');
    expect(errorMessage(new ApiError(409, 'CONFLICT', ''), 'Could not save.')).toBe('Could not save.');
  });

  it('uses the fallback, not a server text, for a network failure, a 5xx or something else', () => {
    expect(errorMessage(new ApiError(0, networkErrorCode, ''))).toBe(generic);
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'Internal error'), 'Could not save.')).toBe(
      'Could not save.',
    );
    expect(errorMessage(new Error('boom'))).toBe(generic);
  });

  it('says the service is briefly unavailable during an outage (503, or a proxy with no instance)', () => {
    const briefly = 'The service is briefly unavailable. Please try again in a minute.';
    for (const status of [502, 503, 504])
      expect(serverRefusal(ApiError.fromBody(status, null), ['to'], 'Could not save.')).toEqual({
        fields: {},
        reason: briefly,
      });
  });
});
