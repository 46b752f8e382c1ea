import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface PageCardProps {
  title: string;
  children: ReactNode;
  maxWidth?: number;
  testId?: string;
}

/** A titled card centred in the main layout, for the signed-in account pages. */
export function PageCard({ title, children, maxWidth = 480, testId }: PageCardProps) {
  return (
    <Paper data-testid={testId} sx={{ mx: 'auto', my: 3, p: 3, maxWidth }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
