import { Icon } from '../../components/plain/icon';

/** "Subscription Required" in a small warning chip (the bar and the phone drawer of an unsubscribed firm). */
export function SubscriptionRequiredChip() {
  return (
    <span className="ls-chip ls-chip--warning ls-chip--strong">
      <Icon name="reportProblemOutlined" />
      <span className="ls-chip__label">Subscription Required</span>
    </span>
  );
}
