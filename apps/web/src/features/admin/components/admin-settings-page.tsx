import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminPageHeader } from './admin-page-header';
import { MailOutbox } from './mail-outbox';
import { SalesContacts } from './sales-contacts';

/** 'Admin Settings': the mail outbox (embedded mode) and sales-contact requests. */
export function AdminSettingsPage() {
  useDocumentTitle('Admin Settings');
  const [tab, setTab] = useState<'mail' | 'sales'>('mail');
  return (
    <>
      <AdminPageHeader
        title="Admin Settings"
        description="The mail outbox and the requests sent to the sales team."
      />
      <Tabs
        value={tab}
        onChange={(_, v: 'mail' | 'sales') => setTab(v)}
        aria-label="Settings sections"
        sx={{ mb: 2 }}
      >
        <Tab value="mail" label="Mail Outbox" />
        <Tab value="sales" label="Sales Requests" />
      </Tabs>
      {tab === 'mail' ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            Without an SMTP server (the embedded mode), every e-mail the platform sends is kept here instead:
            password resets, payment receipts, trial reminders and notifications. With SMTP configured the
            list shows what was sent.
          </Alert>
          <MailOutbox />
        </>
      ) : (
        <SalesContacts />
      )}
    </>
  );
}
