import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { AppIcon } from './app-icon';

type TabItem<T extends string> = { value: T; label: string; id: string; controls: string };

type Props<T extends string> = {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  'aria-label': string;
  ref?: Ref<HTMLDivElement>;
};

const KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Whether the strip can scroll back and on: null while it fits (no arrows). */
type Overflow = { back: boolean; on: boolean } | null;

function useOverflow() {
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(null);
  useEffect(() => {
    const strip = scroller.current;
    if (!strip || typeof ResizeObserver === 'undefined') return;
    // Read after the browser's layout (a ResizeObserver's report, a scroll): no forced layout while the page draws.
    const measure = () => {
      const fits = strip.scrollWidth <= strip.clientWidth + 1;
      const next = fits
        ? null
        : { back: strip.scrollLeft > 1, on: strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1 };
      setOverflow((was) =>
        was?.back === next?.back && was?.on === next?.on && Boolean(was) === Boolean(next) ? was : next,
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    strip.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      strip.removeEventListener('scroll', measure);
    };
  }, []);
  const scrollBy = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * scroller.current.clientWidth, behavior: 'smooth' });
  return { scroller, overflow, scrollBy };
}

/** An arrow at an end of a strip that does not fit (MUI's scroll buttons): for the mouse, as the keyboard has the arrow keys. */
function ScrollArrow({
  direction,
  active,
  onClick,
}: {
  direction: 1 | -1;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <div
      className={active ? 'ls-tabs__arrow' : 'ls-tabs__arrow ls-tabs__arrow--off'}
      aria-hidden="true"
      onClick={active ? onClick : undefined}
    >
      <AppIcon name={direction < 0 ? 'keyboardArrowLeft' : 'keyboardArrowRight'} size={20} />
    </div>
  );
}

/**
 * A strip of tabs (WAI-ARIA tabs with manual activation, as MUI's Tabs): Tab reaches the selected tab only, the arrow
 * keys, Home and End move the focus along the strip, Enter, Space or a click selects. On a narrow screen the strip
 * scrolls sideways between two arrows (`useActiveTabVisible` keeps the selected tab in view).
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  disabled,
  'aria-label': label,
  ref,
}: Props<T>) {
  const { scroller, overflow, scrollBy } = useOverflow();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEYS[event.key];
    if (!move) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    );
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0 || tabs.length === 0) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  };
  return (
    <div ref={ref} className="ls-tabs">
      {overflow ? <ScrollArrow direction={-1} active={overflow.back} onClick={() => scrollBy(-1)} /> : null}
      <div
        ref={scroller}
        className="ls-tabs__scroller"
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={item.id}
              aria-controls={item.controls}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              disabled={disabled}
              className="ls-tab"
              onClick={() => {
                if (!selected) onChange(item.value);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {overflow ? <ScrollArrow direction={1} active={overflow.on} onClick={() => scrollBy(1)} /> : null}
    </div>
  );
}
