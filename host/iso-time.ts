// A UTC time as Date#toISOString() writes it, from milliseconds since the epoch, by arithmetic.
// The first Date a process formats has V8 set up its date cache and the local time zone (ICU
// reads /etc/localtime: ~1 ms, most of it on a fresh process's first tool result, which stamps
// a session id and two log records); UTC needs none of it.

const MS_PER_DAY = 86_400_000;

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()` for a time in years 0000–9999 (`YYYY-MM-DDTHH:mm:ss.sssZ`); any
 * other (or a fraction of a millisecond, or NaN) is left to Date, which writes or refuses it.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < -62_167_219_200_000 || ms > 253_402_300_799_999) return new Date(ms).toISOString();
  const days = Math.floor(ms / MS_PER_DAY);
  let rest = ms - days * MS_PER_DAY;
  // Civil date from days since 1970-01-01, in eras of 400 years starting on March 1 (the leap
  // day ends a year), as in Howard Hinnant's days_from_civil inverse.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const yyyy = year < 1000 ? `${year + 10_000}`.slice(1) : `${year}`;
  return `${yyyy}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
