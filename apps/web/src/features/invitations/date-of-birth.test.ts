import { describe, expect, it } from 'vitest';
import { toIsoDate } from './date-of-birth';

describe('toIsoDate', () => {
  it('turns MM/DD/YYYY into YYYY-MM-DD', () => {
    expect(toIsoDate('03/12/1984')).toBe('1984-03-12');
    expect(toIsoDate(' 02/29/2000 ')).toBe('2000-02-29');
  });
  it.each(['3/12/1984', '1984-03-12', '02/30/1984', '13/01/1984', '02/29/2001', '01/01/1800', ''])(
    'refuses %j',
    (value) => expect(toIsoDate(value)).toBeNull(),
  );
});
