import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface GradientLayoutProps {
  title: string;
  /** Shown at the card's top right (the language switcher). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The account pages' layout: a gradient background with one centred card (spec §2). */
export function GradientLayout({ title, actions, children, testId }: GradientLayoutProps) {
  return (
    <Box
      data-testid={testId}
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.light} 100%)`,
      })}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {actions}
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
