import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table/data-table';
import { useTablePaging } from '../../../components/data-table/use-table-paging';
import { EmptyState } from '../../../components/empty-state';
import { useToast } from '../../../components/toast-provider';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  describeListError,
  describeReactivateError,
  describeSuspendError,
  useFirmSubscriptions,
  useReactivateSubscription,
  useSuspendSubscription,
  type FirmSubscription,
} from '../api/firm-subscriptions';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { firmNameOf, subscriptionColumns, type SubscriptionAction } from './firm-subscription-columns';
import { FirmSubscriptionDetailsDialog } from './firm-subscription-details-dialog';
import { SearchField } from './search-field';
import { useActiveTabVisible } from '../../../lib/use-active-tab-visible';

/** The tabs of spec 2.14, with their counts. */
const SUBSCRIPTION_TABS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'trial', label: 'Trial' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
  { value: 'expiring', label: 'Expiring' },
] as const;
type TabValue = (typeof SUBSCRIPTION_TABS)[number]['value'];

const parseTab = (value: string | null): TabValue =>
  SUBSCRIPTION_TABS.find((tab) => tab.value === value)?.value ?? 'all';

/** Firm subscriptions (spec 2.14): tabs with counts, search, details, suspend and reactivate. */
export function FirmSubscriptionsPage() {
  useDocumentTitle('Firm Subscriptions');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('status'));
  const tabsRef = useActiveTabVisible(tab);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const paging = useTablePaging();
  const list = useFirmSubscriptions({
    status: tab,
    search: debounced,
    skip: paging.skip,
    limit: paging.rowsPerPage,
  });
  const suspend = useSuspendSubscription();
  const reactivate = useReactivateSubscription();
  const [viewing, setViewing] = useState<FirmSubscription | null>(null);
  const [action, setAction] = useState<SubscriptionAction | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setTab = (value: TabValue) => {
    paging.reset();
    setParams(value === 'all' ? {} : { status: value }, { replace: true });
  };

  const runAction = async () => {
    if (!action) return;
    setError(null);
    const name = firmNameOf(action.subscription);
    try {
      if (action.kind === 'suspend') {
        await suspend.mutateAsync(action.subscription.id);
        toast(`${name}'s subscription was suspended`);
      } else {
        await reactivate.mutateAsync(action.subscription.id);
        toast(`${name}'s subscription was reactivated`);
      }
    } catch (caught) {
      setError(action.kind === 'suspend' ? describeSuspendError(caught) : describeReactivateError(caught));
    } finally {
      setAction(null);
    }
  };

  const counts = list.data?.counts;
  const tabLabel = SUBSCRIPTION_TABS.find((t) => t.value === tab)?.label ?? '';
  const busy = suspend.isPending || reactivate.isPending;

  const toolbar = (
    <>
      <Tabs
        ref={tabsRef}
        value={tab}
        onChange={(_, value: TabValue) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Subscription status"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {SUBSCRIPTION_TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{t.label}</span>
                <Chip
                  size="small"
                  label={counts ? counts[t.value] : '…'}
                  color={t.value === 'expiring' && counts?.expiring ? 'warning' : 'default'}
                />
              </Stack>
            }
          />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }}>
        <SearchField
          value={search}
          onChange={(value) => {
            setSearch(value);
            paging.reset();
          }}
          placeholder="Search by firm name, plan, or ID..."
          label="Search subscriptions"
        />
      </Box>
    </>
  );

  return (
    <>
      <AdminPageHeader
        title="Firm Subscriptions"
        description="Every firm's subscription: review details, suspend an active subscription or reactivate a cancelled or expired one."
      />
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <DataTable
        label="Firm subscriptions"
        query={list}
        rows={(data) => data.subscriptions}
        rowKey={(sub) => sub.id}
        columns={subscriptionColumns({ onView: setViewing, onAction: setAction })}
        toolbar={toolbar}
        paging={{ ...paging, count: (data) => data.total }}
        loadingLabel="Loading subscriptions..."
        errorMessage={describeListError}
        empty={
          <EmptyState
            title={
              tab === 'all' ? 'No subscriptions found' : `No ${tabLabel.toLowerCase()} subscriptions found`
            }
            description={debounced ? 'Try another search.' : undefined}
          />
        }
      />
      <FirmSubscriptionDetailsDialog subscription={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={action !== null}
        type={action?.kind === 'suspend' ? 'danger' : 'info'}
        title={action?.kind === 'suspend' ? 'Suspend Subscription' : 'Reactivate Subscription'}
        message={
          action?.kind === 'suspend'
            ? `Suspend ${action.subscription.firm?.name || 'this firm'}'s subscription? Access ends immediately and its users are limited to the plans pages until it is reactivated.`
            : `Reactivate ${action?.subscription.firm?.name || 'this firm'}'s subscription? Access is restored for the rest of the paid period.`
        }
        confirmLabel={busy ? 'Working...' : action?.kind === 'suspend' ? 'Suspend' : 'Reactivate'}
        loading={busy}
        onConfirm={() => void runAction()}
        onCancel={() => setAction(null)}
      />
    </>
  );
}
