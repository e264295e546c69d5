/** A spinning circle (MUI's CircularProgress look), hidden from screen readers: the text beside it says what happens. */
export function Spinner({ size = 40 }: { size?: number }) {
  return (
    <span className="ls-spinner" style={{ width: size, height: size }} aria-hidden="true">
      <svg viewBox="22 22 44 44" width="100%" height="100%">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
