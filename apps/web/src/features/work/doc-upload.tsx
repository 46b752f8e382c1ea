import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import { DOCUMENT_FILE_TYPES } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import type { UploadFiles } from './doc-api';

const ACCEPT = DOCUMENT_FILE_TYPES.join(',');

interface DocUploadProps {
  busy: boolean;
  /** Creates the document from the files and the form's values (POST /api/uploadDoc). */
  onUpload: (files: UploadFiles) => void;
}

/**
 * A new document's files (spec §7 uploadDoc): the main file and any attachments, chosen or
 * dropped; the first file dropped becomes the main file when there is none yet.
 */
export function DocUpload({ busy, onUpload }: DocUploadProps) {
  const { t } = useI18n();
  const [main, setMain] = useState<File | null>(null);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [isDragging, setDragging] = useState(false);
  const mainRef = useRef<HTMLInputElement>(null);
  const attachmentsRef = useRef<HTMLInputElement>(null);

  const add = (files: File[]) => {
    const rest = main === null ? files.slice(1) : files;
    if (main === null && files[0]) setMain(files[0]);
    if (rest.length > 0) setAttachments((old) => [...old, ...rest]);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <Stack sx={{ p: 2, gap: 2, overflow: 'auto' }} data-testid="doc-upload">
      <Typography variant="subtitle1" component="h2">
        {t('work.upload.title')}
      </Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
          bgcolor: isDragging ? 'action.hover' : 'transparent',
        }}
        data-testid="doc-upload-drop"
      >
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('work.upload.dropHere')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<DescriptionIcon />}
            onClick={() => mainRef.current?.click()}
          >
            {t('work.upload.chooseMain')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<AttachFileIcon />}
            onClick={() => attachmentsRef.current?.click()}
          >
            {t('work.upload.chooseAttachments')}
          </Button>
        </Stack>
      </Box>
      <input
        ref={mainRef}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t('work.upload.chooseMain')}
        data-testid="doc-upload-main"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) setMain(file);
        }}
      />
      <input
        ref={attachmentsRef}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-label={t('work.upload.chooseAttachments')}
        data-testid="doc-upload-attachments"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          setAttachments((old) => [...old, ...files]);
        }}
      />
      <List dense aria-label={t('work.upload.chosen')} data-testid="doc-upload-files">
        {main && (
          <ChosenFile
            name={main.name}
            role={t('work.upload.main')}
            onRemove={() => setMain(null)}
          />
        )}
        {attachments.map((file, index) => (
          <ChosenFile
            key={`${index}-${file.name}`}
            name={file.name}
            role={t('work.upload.attachment')}
            onRemove={() => setAttachments((old) => old.filter((_, i) => i !== index))}
          />
        ))}
      </List>
      <Button
        variant="contained"
        startIcon={<UploadIcon />}
        disabled={main === null || busy}
        onClick={() => main && onUpload({ main, attachments })}
        data-testid="doc-upload-submit"
      >
        {t('work.upload.submit')}
      </Button>
    </Stack>
  );
}

function ChosenFile(props: { name: string; role: string; onRemove: () => void }) {
  const { t } = useI18n();
  return (
    <ListItem
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={t('work.upload.remove', [props.name])}
          onClick={props.onRemove}
        >
          <CloseIcon />
        </IconButton>
      }
    >
      <ListItemText primary={props.name} secondary={props.role} />
    </ListItem>
  );
}
