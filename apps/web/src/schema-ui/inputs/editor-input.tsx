import { useEffect, useRef, type ClipboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { fieldTestId, messageProps, textOrNull } from './input-parts';
import { sanitiseHtml } from './sanitise-html';

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';

const TOOLS: { command: Command; labelKey: string; icon: ReactNode }[] = [
  { command: 'bold', labelKey: 'input.editor.bold', icon: <FormatBoldIcon fontSize="small" /> },
  {
    command: 'italic',
    labelKey: 'input.editor.italic',
    icon: <FormatItalicIcon fontSize="small" />,
  },
  {
    command: 'insertUnorderedList',
    labelKey: 'input.editor.bulletList',
    icon: <FormatListBulletedIcon fontSize="small" />,
  },
  {
    command: 'insertOrderedList',
    labelKey: 'input.editor.numberedList',
    icon: <FormatListNumberedIcon fontSize="small" />,
  },
];

// The browser's own editing commands are what a contentEditable offers for formatting; they
// are deprecated only in favour of nothing yet, and absent in some test DOMs.
function runCommand(command: string, argument?: string): void {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, argument);
}

/**
 * editor: rich text with bold, italic and lists. What it stores is always sanitised HTML
 * (see sanitiseHtml); so is what it shows, whatever the model holds.
 */
export function EditorInput(props: InputProps) {
  const { field, id, label, value, readonly, message, onChange, onBlur } = props;
  const { t } = useI18n();
  const editor = useRef<HTMLDivElement>(null);
  // The HTML last written into or read from the editor: an echo of it must not reset the caret.
  const current = useRef<string | null>(null);
  const labelId = `${id}-label`;

  useEffect(() => {
    const clean = sanitiseHtml(typeof value === 'string' ? value : '');
    if (editor.current && clean !== current.current) {
      editor.current.innerHTML = clean;
      current.current = clean;
    }
  }, [value]);

  const read = () => {
    const clean = sanitiseHtml(editor.current?.innerHTML);
    if (clean === current.current) return;
    current.current = clean;
    onChange(textOrNull(clean));
  };

  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    if (html) runCommand('insertHTML', sanitiseHtml(html));
    else runCommand('insertText', event.clipboardData.getData('text/plain'));
    read();
  };

  const shown = messageProps(message);
  return (
    <Box>
      <FormLabel id={labelId} error={shown.error} disabled={readonly} sx={{ fontSize: '0.8rem' }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: shown.error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        <Box role="toolbar" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {TOOLS.map((tool) => (
            <IconButton
              key={tool.command}
              size="small"
              disabled={readonly}
              aria-label={t(tool.labelKey)}
              title={t(tool.labelKey)}
              // Keeps the selection in the editor while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                runCommand(tool.command);
                read();
              }}
            >
              {tool.icon}
            </IconButton>
          ))}
        </Box>
        <Box
          id={id}
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-disabled={readonly || undefined}
          contentEditable={!readonly}
          suppressContentEditableWarning
          data-testid={fieldTestId(field)}
          onInput={read}
          onPaste={paste}
          onBlur={() => {
            // What stays in the editor is exactly what was stored.
            if (editor.current) editor.current.innerHTML = current.current ?? '';
            onBlur?.();
          }}
          sx={{
            minHeight: 96,
            p: 1,
            outline: 'none',
            typography: 'body2',
            color: readonly ? 'text.disabled' : undefined,
            '& p, & ul, & ol': { my: 0.5 },
          }}
        />
      </Box>
      {shown.helperText && (
        <FormHelperText error={shown.error} sx={shown.helperSx}>
          {shown.helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
