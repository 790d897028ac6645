import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { setServerErrors } from './server-refusal-form';

describe('setServerErrors', () => {
  it("sets each server field message on the form's field and returns the rest", () => {
    const { result } = renderHook(() =>
      useForm({ defaultValues: { email: '', address: { city: '' }, phones: [{ number: '' }] } }),
    );
    const error = new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid.', [
      { field: 'patientInfo.address.city', description: 'City is too long' },
      { field: 'phones.0.number', description: 'Phone number is not valid' },
      { field: 'email', description: 'E-mail is already used' },
      { field: 'practiceId', description: 'The practice is not active.' },
    ]);
    let reason: string | null = null;
    act(() => {
      reason = setServerErrors(result.current, error);
    });
    const message = (name: 'address.city' | 'phones.0.number' | 'email') =>
      result.current.getFieldState(name).error?.message;
    expect(message('address.city')).toBe('City is too long');
    expect(message('phones.0.number')).toBe('Phone number is not valid');
    expect(message('email')).toBe('E-mail is already used');
    expect(reason).toBe('The practice is not active.');
  });

  it('returns null when every message found its field, and the fallback for a server failure', () => {
    const { result } = renderHook(() => useForm({ defaultValues: { email: '' } }));
    expect(
      setServerErrors(
        result.current,
        new ApiError(400, 'VALIDATION_ERROR', '', [{ field: 'email', description: 'Taken' }]),
      ),
    ).toBeNull();
    expect(setServerErrors(result.current, new ApiError(503, 'UNAVAILABLE', ''), 'Could not save.')).toBe(
      'Could not save.',
    );
  });
});
