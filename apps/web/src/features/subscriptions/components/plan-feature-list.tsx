import { Icon } from '../../../components/plain/icon';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { FeatureItem } from '../plan-display';
import './plans.css';

/** Included items with a tick, excluded ones greyed with a dash; screen readers hear which is which. Plain kit. */
export function PlanFeatureList({ items, label }: { items: FeatureItem[]; label?: string }) {
  return (
    <ul className="ls-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className="ls-list__item ls-features__item">
          <Icon
            name={item.included ? 'checkCircle' : 'removeCircle'}
            size={20}
            className={
              item.included ? 'ls-tone-success ls-features__icon' : 'ls-features__icon ls-features__icon--off'
            }
          />
          <span className={item.included ? 'ls-body2' : 'ls-body2 ls-muted ls-features__off'}>
            {item.label}
            <VisuallyHidden>{item.included ? ' (included)' : ' (not included)'}</VisuallyHidden>
          </span>
        </li>
      ))}
    </ul>
  );
}
