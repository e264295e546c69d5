import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { describeError } from '../../../lib/api-client';
import { revokeDocument, useDocumentWrite } from '../../../lib/documents-api/service';

type RevokeDocumentDialogProps = {
  open: boolean;
  documentId: number;
  title: string;
  onClose: () => void;
  onRevoked: (message: string) => void;
};

const REVOKE_REASON_REQUIRED = 'A reason is required to revoke a document';

/** A firm administrator withdraws a served document, with a reason; verification then reports it as revoked. */
export function RevokeDocumentDialog({
  open,
  documentId,
  title,
  onClose,
  onRevoked,
}: RevokeDocumentDialogProps) {
  const revoke = useDocumentWrite(revokeDocument);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setReason('');
    setError(null);
    setTouched(false);
  }, [open]);

  const confirm = async () => {
    setTouched(true);
    if (!reason.trim()) return;
    setError(null);
    try {
      await revoke.mutateAsync({ documentId, reason: reason.trim() });
      onRevoked('Document revoked. Verification now reports it as revoked.');
      onClose();
    } catch (e) {
      setError(describeError(e, { fallback: 'Failed to revoke the document. Please try again.' }));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      type="danger"
      title="Revoke Served Document"
      message={`Revoking "${title}" withdraws it: anyone verifying its security ID is told it is no longer valid, and the recipient's download link stops working. This cannot be undone.`}
      confirmLabel={revoke.isPending ? 'Revoking...' : 'Revoke Document'}
      loading={revoke.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label="Reason for revocation"
        required
        multiline
        minRows={3}
        autoFocus
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && !reason.trim()}
        helperText={touched && !reason.trim() ? REVOKE_REASON_REQUIRED : 'Recorded on the case timeline'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </ConfirmDialog>
  );
}
