const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * The phone's clock as ISO 8601 with its own offset, "2025-06-01T14:30:05+02:00": the device time of an attempt is
 * evidence of what the sheriff's phone said, so its offset is kept rather than converted to UTC.
 */
export const isoWithOffset = (date: Date): string => {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
};

/** The value of an `<input type="datetime-local">` for a moment, on the phone's clock: "2025-06-01T14:30". */
export const toDateTimeLocal = (date: Date): string => isoWithOffset(date).slice(0, 16);

/** An `<input type="datetime-local">` value → ISO with the phone's offset; null when empty or not a date. */
export const fromDateTimeLocal = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : isoWithOffset(date);
};

/** "a1b2c3d4…e5f6" — enough of a SHA-256 to compare by eye; the full value is in the title. */
export const shortHash = (sha256: string) =>
  sha256.length > 16 ? `${sha256.slice(0, 8)}…${sha256.slice(-6)}` : sha256;
