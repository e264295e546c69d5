export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: keyboard users jump straight past the navigation. */
export function SkipLink() {
  return (
    <a className="ls-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}
