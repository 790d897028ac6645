import { useState } from 'react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DateInput, DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { t } from '../lib/i18n';
import { dayAriaLabel, monthLabel, monthsListLabel, weekdayLabel } from './calendar-labels';

dayjs.extend(customParseFormat);

const isoDay = 'YYYY-MM-DD';

interface DayPickerProps {
  label: string;
  /** YYYY-MM-DD, or null for none. */
  value: string | null;
  onChange: (day: string | null) => void;
  /** How the day is shown (and typed): 'MM/DD/YYYY' on health information, 'MM-DD-YYYY' on documents. */
  format: string;
  /** The format in the app language's letters ('MM-DD-AAAA' in Spanish). */
  hint: string;
  /** The day may be typed too, not only chosen in the calendar. */
  typing?: boolean;
  /** Shown once a typed day is complete but no real day. */
  invalidMessage?: string;
  error?: string;
  testId: string;
}

/**
 * The app's one day field (the From/To of health information and documents): a calendar icon, a
 * calendar that opens on click, focus or Enter, the app language's month and day names, and a clear
 * button. With `typing` the day can be typed in `format` too; a complete text that is no real day
 * says so and is kept as typed.
 */
export function DayPicker({
  label,
  value,
  onChange,
  format,
  hint,
  typing = false,
  invalidMessage,
  error,
  testId,
}: DayPickerProps) {
  const [typed, setTyped] = useState('');
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // A new day (chosen, typed whole, or set by a shortcut): no half-typed text is left to judge.
    setLastValue(value);
    setTyped('');
  }
  const common = {
    label,
    value,
    valueFormat: format,
    placeholder: hint,
    clearable: true,
    clearButtonProps: { 'aria-label': t('healthInfo.clearDate', { label }) },
    leftSection: <IconCalendar size={16} aria-hidden />,
    'data-testid': testId,
    // The calendar stays next to its field, inside the page's landmarks (in a portal at the end of
    // the body it was content outside them, which axe reports).
    popoverProps: { withinPortal: false },
    // Mantine draws weekends in red-6 and the neighbouring months' days in gray-5, both under the
    // 4.5:1 contrast of AA: weekends are drawn like any day and the other months' days are left out.
    weekendDays: [],
    hideOutsideDates: true,
    // The month and year buttons are named by what they show ('January 2020'): an aria-label such
    // as 'Choose the month' would not contain their visible text (label in name, WCAG 2.5.3).
    ariaLabels: {
      nextMonth: t('healthInfo.calendar.nextMonth'),
      previousMonth: t('healthInfo.calendar.previousMonth'),
      nextYear: t('healthInfo.calendar.nextYear'),
      previousYear: t('healthInfo.calendar.previousYear'),
      nextDecade: t('healthInfo.calendar.nextDecade'),
      previousDecade: t('healthInfo.calendar.previousDecade'),
    },
    getDayAriaLabel: dayAriaLabel,
    monthLabelFormat: monthLabel,
    weekdayFormat: weekdayLabel,
    monthsListFormat: monthsListLabel,
    onChange: (next: string | null) => onChange(next ? dayjs(next).format(isoDay) : null),
  };
  if (!typing) return <DatePickerInput {...common} error={error} />;

  const parse = (text: string) => dayjs(text, format, true);
  const invalid = typed.length >= format.length && !parse(typed).isValid();
  return (
    <DateInput
      {...common}
      // What to type stays in view once the field holds a day.
      description={hint}
      inputMode="numeric"
      maxLength={format.length}
      // Only a whole day in the field's format counts (Mantine would also read '2020-01-01').
      dateParser={(text) => (parse(text).isValid() ? parse(text).format(isoDay) : null)}
      // A wrong day stays as typed, with its message, instead of being put back on blur.
      fixOnBlur={false}
      onInput={(event) => setTyped(event.currentTarget.value)}
      error={invalid ? invalidMessage : error}
    />
  );
}
