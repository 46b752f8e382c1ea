import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

/**
 * A list's filters that its own fields do not show (a report's drill-down, issue 27), each as
 * a chip in words that removes it. `describe` words a `field:value` filter.
 */
export function FilterChips(props: {
  filters: readonly string[];
  describe: (filter: string) => string;
  onRemove: (filter: string) => void;
  /** The words of a chip's remove button, given the chip's text. */
  removeLabel: (text: string) => string;
  disabled?: boolean;
  testId: string;
}) {
  if (props.filters.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}
      data-testid={props.testId}
    >
      {props.filters.map((filter) => {
        const text = props.describe(filter);
        return (
          <li key={filter}>
            <Chip
              size="small"
              variant="outlined"
              label={text}
              disabled={props.disabled}
              onDelete={() => props.onRemove(filter)}
              // Delete or Backspace on the chip removes it, as its icon does.
              aria-label={props.removeLabel(text)}
              data-testid={`${props.testId}-chip`}
              data-filter={filter}
            />
          </li>
        );
      })}
    </Box>
  );
}
