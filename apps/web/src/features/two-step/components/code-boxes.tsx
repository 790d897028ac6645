import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { Group, Input, TextInput } from '@mantine/core';
import { t } from '../../../lib/i18n';

const length = 6;

export interface CodeBoxesHandle {
  /** Empties every box and puts focus on the first (after a wrong code). */
  reset: () => void;
  focus: () => void;
}

interface CodeBoxesProps {
  value: string[];
  onChange: (digits: string[]) => void;
  /** Called once all six boxes hold a digit. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  error?: string;
  idPrefix?: string;
  /**
   * In a modal: the first box is the modal's first field (data-autofocus), and it takes focus again
   * whenever the boxes become usable (an authenticator set-up enables them once its QR code arrives).
   */
  autoFocus?: boolean;
}

export const emptyCode = (): string[] => Array.from({ length }, () => '');

/**
 * Six single-digit boxes (spec 000 §5): digits only, typing moves to the next box, Backspace on an
 * empty box moves back, pasting six digits fills them all. Each box has its own label for screen
 * readers ('Digit N of 6'); the group is labelled as the verification code.
 */
export const CodeBoxes = forwardRef<CodeBoxesHandle, CodeBoxesProps>(function CodeBoxes(
  { value, onChange, onComplete, disabled, error, idPrefix = 'code', autoFocus = false },
  ref,
) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      onChange(emptyCode());
      setTimeout(() => boxes.current[0]?.focus(), 0);
    },
    focus: () => boxes.current[0]?.focus(),
  }));

  useEffect(() => {
    if (autoFocus && !disabled) boxes.current[0]?.focus();
  }, [autoFocus, disabled]);

  function update(next: string[]) {
    onChange(next);
    if (next.every((d) => d !== '')) onComplete?.(next.join(''));
  }

  function type(index: number, raw: string) {
    const digits = raw.replace(/\D/g, '');
    if (digits.length === 0) {
      update(value.map((d, i) => (i === index ? '' : d)));
      return;
    }
    if (digits.length >= length) {
      fill(digits);
      return;
    }
    const next = [...value];
    next[index] = digits[digits.length - 1]!;
    update(next);
    boxes.current[Math.min(index + 1, length - 1)]?.focus();
  }

  function fill(digits: string) {
    const next = digits.slice(0, length).split('');
    update(next);
    boxes.current[length - 1]?.focus();
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits.length >= length) {
      event.preventDefault();
      fill(digits);
    }
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      boxes.current[index + 1]?.focus();
    }
  }

  const errorId = `${idPrefix}-error`;
  return (
    <div role="group" aria-label={t('twoStep.codeGroup')} aria-describedby={error ? errorId : undefined}>
      <Group gap="xs" wrap="nowrap">
        {value.map((digit, index) => (
          <TextInput
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={`${idPrefix}-${index}`}
            aria-label={t('twoStep.digit', { n: index + 1 })}
            data-testid={`${idPrefix}-digit-${index}`}
            data-autofocus={autoFocus && index === 0 ? true : undefined}
            value={digit}
            onChange={(event) => type(index, event.currentTarget.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.currentTarget.select()}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            disabled={disabled}
            error={Boolean(error)}
            w={44}
            styles={{ input: { textAlign: 'center', fontSize: 20 } }}
          />
        ))}
      </Group>
      {error ? (
        <Input.Error id={errorId} mt="xs" role="alert">
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
});
