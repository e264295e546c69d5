import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { ACCEPTED_EXTENSIONS } from '@lexserve/contracts/document-constants';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { FileStaging } from '../hooks/use-file-staging';
import { paginate, type StagedFile } from '../utils/upload-rules';
import { ListPagination } from './list-pagination';
import { formatFileSize } from '../../../lib/format';

type UploadAreaProps = {
  staging: FileStaging;
  /** Files already on the document (duplicates of these are refused). */
  uploaded?: readonly { filename: string; size: number }[];
  onUploadSelected: () => void;
  accept?: readonly string[];
  /** A line under the drop zone: limits. */
  hint: string;
  disabled?: boolean;
  /** Staged lists longer than this are paginated (10 per page); the wizard shows all up to 20. */
  showAllUpTo?: number;
  /** The drop zone's accessible name. */
  label?: string;
};

/** Drag-and-drop or browse, then a staged list with checkboxes and real per-file progress (spec 2.3). */
export function UploadArea({
  staging,
  uploaded = [],
  onUploadSelected,
  accept = ACCEPTED_EXTENSIONS,
  hint,
  disabled = false,
  showAllUpTo = 20,
  label = 'Upload documents',
}: UploadAreaProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [page, setPage] = useState(1);
  const hintId = useId();
  const { counts } = staging;
  // An uploaded file leaves the staged list once the document's own list (`uploaded`) shows it: each file is listed once,
  // and none disappears before that list has refreshed.
  const listed = new Set(uploaded.map((f) => `${f.filename}:${f.size}`));
  const staged = staging.staged.filter(
    (s) => s.status !== 'uploaded' || !listed.has(`${s.file.name}:${s.file.size}`),
  );
  const busy = counts.uploading > 0;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    staging.addFiles(Array.from(event.dataTransfer.files), uploaded);
  };

  const paged = staged.length > showAllUpTo ? paginate(staged, page) : null;
  const visible = paged ? paged.items : staged;

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        role="group"
        aria-label={label}
        aria-describedby={hintId}
        data-testid="upload-dropzone"
        sx={(theme) => ({
          border: '2px dashed',
          borderColor: dragging ? 'secondary.main' : alpha(theme.palette.primary.main, 0.3),
          bgcolor: dragging
            ? alpha(theme.palette.secondary.main, 0.08)
            : alpha(theme.palette.primary.main, 0.02),
          borderRadius: 2,
          p: { xs: 2.5, sm: 4 },
          textAlign: 'center',
          transition: 'background-color 120ms, border-color 120ms',
          opacity: disabled ? 0.6 : 1,
        })}
      >
        <CloudUploadOutlinedIcon sx={{ fontSize: 44, color: 'primary.light' }} aria-hidden />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mt: 1 }}>
          Drag and drop files here
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          or
        </Typography>
        <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={disabled}>
          Browse Files
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={accept.join(',')}
          aria-label="Choose files to upload"
          data-testid="upload-input"
          onChange={(event) => {
            staging.addFiles(Array.from(event.target.files ?? []), uploaded);
            event.target.value = '';
          }}
        />
        <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {hint}
        </Typography>
      </Box>

      {staging.message ? (
        <Alert severity="error" onClose={() => staging.setMessage(null)} sx={{ mt: 2 }} role="alert">
          {staging.message}
        </Alert>
      ) : null}

      {staged.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
            <Button size="small" onClick={staging.selectAll} disabled={busy}>
              Select All
            </Button>
            <Button size="small" onClick={staging.deselectAll} disabled={busy}>
              Deselect All
            </Button>
            <Button size="small" color="error" onClick={staging.clearAll} disabled={busy}>
              Clear All
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            {counts.uploaded > 0 ? (
              <Chip
                size="small"
                color="success"
                icon={<TaskAltIcon />}
                label={`${counts.uploaded} uploaded`}
              />
            ) : null}
            {counts.failed > 0 ? (
              <Chip
                size="small"
                color="error"
                icon={<ErrorOutlineIcon />}
                label={`${counts.failed} failed`}
              />
            ) : null}
            <Button
              variant="contained"
              size="small"
              onClick={onUploadSelected}
              disabled={disabled || busy || counts.selected === 0}
            >
              Upload Selected ({counts.selected})
            </Button>
          </Stack>
          <List
            dense
            disablePadding
            aria-label="Files to upload"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {visible.map((item, index) => (
              <StagedRow key={item.id} item={item} divider={index < visible.length - 1} staging={staging} />
            ))}
          </List>
          {paged ? <ListPagination {...paged} noun="files" onPage={setPage} /> : null}
        </Box>
      ) : null}
    </Box>
  );
}

function StagedRow({ item, divider, staging }: { item: StagedFile; divider: boolean; staging: FileStaging }) {
  const selectable = item.status === 'staged' || item.status === 'error';
  const name = item.file.name;
  return (
    <ListItem
      divider={divider}
      sx={{ alignItems: 'flex-start', py: 1 }}
      secondaryAction={
        <Tooltip title={item.status === 'uploading' ? 'Uploading...' : 'Remove'}>
          <span>
            <IconButton
              edge="end"
              size="small"
              aria-label={`Remove ${name}`}
              onClick={() => staging.remove(item.id)}
              disabled={item.status === 'uploading'}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      <Checkbox
        edge="start"
        size="small"
        checked={item.selected && selectable}
        disabled={!selectable}
        onChange={() => staging.toggle(item.id)}
        slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        sx={{ mt: -0.5 }}
      />
      <Box sx={{ flex: 1, minWidth: 0, pr: 4 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <InsertDriveFileOutlinedIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatFileSize(item.file.size)}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={item.progress}
          color={item.status === 'error' ? 'error' : item.status === 'uploaded' ? 'success' : 'primary'}
          aria-label={`${name} upload progress`}
          sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
        />
        <Typography
          variant="caption"
          color={item.status === 'error' ? 'error' : 'text.secondary'}
          role={item.status === 'error' ? 'alert' : undefined}
        >
          {item.status === 'error'
            ? item.error
            : item.status === 'uploading'
              ? `Uploading... ${item.progress}%`
              : item.status === 'uploaded'
                ? 'Uploaded'
                : 'Ready to upload'}
        </Typography>
      </Box>
    </ListItem>
  );
}
