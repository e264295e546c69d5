import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCEPTED_EXTENSIONS,
  CASE_DETAIL_MAX_FILES,
  type CaseFile,
  type Document,
} from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-client';
import { downloadCaseFile, downloadErrorMessage, useCaseFiles } from '../api/case-files';
import { invalidateDocuments } from '../../../lib/documents-api/documents';
import { useFileStaging } from '../hooks/use-file-staging';
import { paginate } from '../utils/upload-rules';
import { BundlesDialog, CreateBundleDialog } from './bundle-dialogs';
import { CaseFilesTable } from './case-files-table';
import { FileViewerDialog } from './file-viewer-dialog';
import { ListPagination } from './list-pagination';
import { UploadArea } from './upload-area';
import { formatFileSize } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-blob';

/** Four files per page in the Uploaded Documents table (spec 2.10). */
const CASE_FILES_PAGE_SIZE = 4;

type CaseDocumentsTabProps = { document: Document; canUpload: boolean; canBundle: boolean };

/** The "My Documents" tab: upload, bundles, the files table and the inline viewer. */
export function CaseDocumentsTab({ document, canUpload, canBundle }: CaseDocumentsTabProps) {
  const queryClient = useQueryClient();
  const files = useCaseFiles(document.id);
  const staging = useFileStaging({ maxPerUpload: CASE_DETAIL_MAX_FILES, maxStaged: CASE_DETAIL_MAX_FILES });
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<CaseFile | null>(null);
  const [bundlesOpen, setBundlesOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (message?.severity !== 'success') return;
    const timer = window.setTimeout(() => setMessage(null), 3000);
    return () => window.clearTimeout(timer);
  }, [message]);

  const all = files.data?.files ?? [];
  const regular = all.filter((f) => !f.is_bundle);
  const bundles = all.filter((f) => f.is_bundle);
  const totalSize = files.data?.total_size ?? all.reduce((sum, f) => sum + f.size, 0);
  const paged = paginate(all, page, CASE_FILES_PAGE_SIZE);

  const upload = async () => {
    const outcome = await staging.upload(document.id, 'selected');
    if (outcome.message) setMessage({ severity: 'error', text: 'Failed to upload files. Please try again.' });
    else if (outcome.uploaded.length) {
      setMessage({
        severity: 'success',
        text: `${outcome.uploaded.length} file${outcome.uploaded.length === 1 ? '' : 's'} uploaded successfully.`,
      });
      staging.reset();
    }
    await invalidateDocuments(queryClient);
  };

  const download = async (file: CaseFile) => {
    try {
      saveBlob(await downloadCaseFile(document.id, file.id), file.filename);
    } catch (error) {
      setMessage({ severity: 'error', text: downloadErrorMessage(error) });
    }
  };

  return (
    <Stack spacing={3}>
      {message ? (
        <Alert
          severity={message.severity}
          onClose={() => setMessage(null)}
          role={message.severity === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Alert>
      ) : null}

      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography>
          <strong>{all.length}</strong> file{all.length === 1 ? '' : 's'}
        </Typography>
        <Typography>
          <strong>Total size:</strong> {formatFileSize(totalSize)}
        </Typography>
      </Stack>

      {canUpload ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
            Upload Documents
          </Typography>
          <UploadArea
            staging={staging}
            uploaded={regular}
            accept={ACCEPTED_EXTENSIONS}
            onUploadSelected={() => void upload()}
            hint={`PDF, DOC or DOCX · several files at once, at most ${CASE_DETAIL_MAX_FILES}`}
            label="Upload more case documents"
            showAllUpTo={CASE_DETAIL_MAX_FILES}
          />
        </Paper>
      ) : null}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Document Bundles
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Combine the case's files into a single PDF, in the order you choose.
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              variant="outlined"
              startIcon={<CollectionsBookmarkOutlinedIcon />}
              onClick={() => setBundlesOpen(true)}
            >
              View All Bundles ({bundles.length})
            </Button>
            {canBundle && regular.length > 1 ? (
              <Button variant="contained" startIcon={<MergeTypeIcon />} onClick={() => setCreateOpen(true)}>
                Create Bundle
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Paper>

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Uploaded Documents
        </Typography>
        <QueryState
          query={files}
          loading={
            <Stack spacing={1} role="status" aria-label="Loading files">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={40} />
              ))}
            </Stack>
          }
          errorMessage={(error) => describeError(error, { fallback: 'Failed to load case files' })}
          isEmpty={() => all.length === 0}
          empty={
            <EmptyState
              title="No documents uploaded"
              description="Files uploaded to this case appear here."
            />
          }
        >
          {() => (
            <>
              <CaseFilesTable
                files={paged.items}
                onView={setViewing}
                onDownload={(file) => void download(file)}
              />
              <ListPagination {...paged} noun="documents" onPage={setPage} />
            </>
          )}
        </QueryState>
      </Box>

      <FileViewerDialog documentId={document.id} file={viewing} onClose={() => setViewing(null)} />
      <BundlesDialog
        open={bundlesOpen}
        documentId={document.id}
        bundles={bundles}
        onClose={() => setBundlesOpen(false)}
      />
      <CreateBundleDialog
        open={createOpen}
        documentId={document.id}
        caseNumber={document.case_number}
        files={all}
        onClose={() => setCreateOpen(false)}
        onCreated={(text) => setMessage({ severity: 'success', text })}
      />
    </Stack>
  );
}
