import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function CenteredProgress({ label }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', p: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
