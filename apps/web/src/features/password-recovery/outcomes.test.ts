import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { forgotPasswordFailure, forgotPasswordSuccess } from './outcomes';

describe('forgot-password outcomes (spec 000 §8)', () => {
  it('success with a reference is the success banner; without one it is unexpected', () => {
    expect(forgotPasswordSuccess({ resetPasswordToken: 'ref' })).toEqual({
      notifications: ['The reset password link has been sent. Please check your email box.'],
    });
    expect(forgotPasswordSuccess(undefined)).toEqual({
      errors: ['Unexpected response, please try again or contact system support.'],
    });
  });

  it('maps each answer code to its banner kind and text', () => {
    const fail = (status: number, code: string) =>
      forgotPasswordFailure(new ApiError(status, code, 'server text'));
    expect(fail(400, 'NO_PATIENT_FOR_USERNAME')).toEqual({ errors: ['Username is not valid.'] });
    expect(fail(409, 'RESET_PASSWORD_MAIL_ALREADY_SENT')).toEqual({
      warnings: ['The reset password mail has already been sent.'],
    });
    expect(fail(400, 'PATIENT_INACTIVE_OR_DECEASED')).toEqual({ errors: ['This account is inactive.'] });
    expect(fail(400, 'PORTAL_ACCOUNT_INACTIVE')).toEqual({
      errors: ['This Dermis account is inactive, please contact system support.'],
    });
    expect(fail(200, 'INVALID_RESPONSE')).toEqual({
      errors: ['Unexpected response, please try again or contact system support.'],
    });
    expect(fail(0, 'NETWORK_ERROR')).toEqual({
      errors: ['Something went wrong, please try again or contact system support.'],
    });
    expect(fail(500, 'INTERNAL_ERROR')).toEqual({
      errors: ['Something went wrong, please try again or contact system support.'],
    });
  });

  it('says the service is briefly unavailable during an outage (503, or a proxy 502/504)', () => {
    for (const status of [502, 503, 504])
      expect(forgotPasswordFailure(ApiError.fromBody(status, undefined))).toEqual({
        errors: ['The service is briefly unavailable. Please try again in a minute.'],
      });
  });
});
